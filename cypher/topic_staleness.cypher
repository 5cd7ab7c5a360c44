// Whether a load should recompute the topics: how many topics there are, how many papers
// the graph held when they were computed (0 when never), whether papers are linked to them
// (HAS_TOPIC; topics written before those links were kept have none) and whether every topic
// has its papers per year (topics written before those counts were kept have none, and
// their edges no topicId).
// params: none. returns: topics, computedAt, linked, counted.
OPTIONAL MATCH (t:Topic)
WITH count(t) AS topics, max(t.papersWhenComputed) AS computedAt,
     count(t.trendYears) = count(t) AS counted
RETURN topics, coalesce(computedAt, 0) AS computedAt,
       COUNT { ()-[:HAS_TOPIC]->() } > 0 AS linked, counted
