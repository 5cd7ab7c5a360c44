// Count, from the HAS_TOPIC edges, the papers per year of each given topic and store them on
// the node: trendYears (ascending) and trendPapers (parallel), which Topic.trend reads. Run when
// the topics are computed; later writes move the counts by their own edges (move_topic_trends).
// Each topic is write-locked before it is counted (ids sorted by the caller).
// params: $ids: [string]. returns: counted.
UNWIND $ids AS id
MATCH (t:Topic {id: id})
SET t.trendCounting = true
REMOVE t.trendCounting
WITH t, COLLECT {
  MATCH (t)<-[:HAS_TOPIC]-(p:Paper)
  WHERE p.year IS NOT NULL
  WITH p.year AS year, count(*) AS papers
  ORDER BY year
  RETURN [year, papers]
} AS counts
SET t.trendYears = [c IN counts | c[0]],
    t.trendPapers = [c IN counts | c[1]]
RETURN count(t) AS counted
