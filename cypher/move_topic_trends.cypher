// Move the papers per year kept on each given topic (trendYears ascending, trendPapers
// parallel) by the net changes of the HAS_TOPIC edges a transaction created and deleted, so a
// relink costs its own edges, not the topic's thousands. Each topic is write-locked before its
// counts are read (ids sorted by the caller), so two loads relinking papers of the same topic
// cannot both move from the same counts. Years left with no paper are dropped.
// params: $topics: [{id, years: [int], changes: [int]}]. returns: moved.
UNWIND $topics AS topic
MATCH (t:Topic {id: topic.id})
SET t.trendCounting = true
REMOVE t.trendCounting
WITH t, topic, coalesce(t.trendYears, []) AS years, coalesce(t.trendPapers, []) AS papers
CALL (years, papers, topic) {
  UNWIND [i IN range(0, size(years) - 1) | [years[i], papers[i]]]
       + [i IN range(0, size(topic.years) - 1) | [topic.years[i], topic.changes[i]]] AS pair
  WITH pair[0] AS year, sum(pair[1]) AS n
  WHERE n <> 0
  ORDER BY year
  RETURN collect(year) AS movedYears, collect(n) AS movedPapers
}
SET t.trendYears = movedYears, t.trendPapers = movedPapers
RETURN count(t) AS moved
