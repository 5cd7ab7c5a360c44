// Whether a load should recompute the topics: how many topics there are and how many papers
// the graph held when they were computed (0 when never).
// params: none. returns: topics, computedAt.
OPTIONAL MATCH (t:Topic)
WITH count(t) AS topics, max(t.papersWhenComputed) AS computedAt
RETURN topics, coalesce(computedAt, 0) AS computedAt
