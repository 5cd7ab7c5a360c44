// Concepts and methods whose papers per year were never counted (written before the counts
// were kept; the write path counts every node it creates): the keys a refresh_trend_counts
// must count, once, before the index that says it is done (graph/schema.py).
// params: $limit: int. returns: kind ('concept'|'method'), key.
CALL () {
  MATCH (c:Concept) WHERE c.trendTotal IS NULL
  RETURN 'concept' AS kind, c.key AS key
  UNION ALL
  MATCH (m:Method) WHERE m.trendTotal IS NULL
  RETURN 'method' AS kind, m.key AS key
}
RETURN kind, key
LIMIT $limit
