// Whether a load should recompute the topics: how many topics there are, how many papers
// the graph held when they were computed (0 when never) and whether papers are linked to them
// (HAS_TOPIC; topics written before those links were kept have none). Read off the topics and
// the count store, not the links. params: none. returns: topics, computedAt, linked.
OPTIONAL MATCH (t:Topic)
WITH count(t) AS topics, max(t.papersWhenComputed) AS computedAt
RETURN topics, coalesce(computedAt, 0) AS computedAt,
       COUNT { ()-[:HAS_TOPIC]->() } > 0 AS linked
