// Whether a load should recompute the topics: how many topics there are, how many papers
// the graph held when they were computed (0 when never), whether papers are linked to them
// (HAS_TOPIC; topics written before those links were kept have none) and whether every link
// is counted in its topic's papers per year (links written before those counts were kept
// have no topicId, and their topics no counts, until the topics are recomputed).
// params: none. returns: topics, computedAt, linked, counted.
OPTIONAL MATCH (t:Topic)
WITH count(t) AS topics, max(t.papersWhenComputed) AS computedAt
RETURN topics, coalesce(computedAt, 0) AS computedAt,
       COUNT { ()-[:HAS_TOPIC]->() } > 0 AS linked,
       COUNT { ()-[h:HAS_TOPIC]->() WHERE h.topicId IS NOT NULL } = COUNT { ()-[:HAS_TOPIC]->() }
         AS counted
