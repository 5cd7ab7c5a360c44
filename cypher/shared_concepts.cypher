// The concepts two papers (each by any of its ids) both mention, by key.
// params: $paperA, $paperB. returns: foundA, foundB (bool), concepts (list of concept maps).
OPTIONAL MATCH (a0:Paper {id: $paperA})
OPTIONAL CALL (a0) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN a0 IS NULL THEN [$paperA] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt AS a1 LIMIT 1
}
WITH coalesce(a0, a1) AS a
OPTIONAL MATCH (b0:Paper {id: $paperB})
OPTIONAL CALL (b0) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN b0 IS NULL THEN [$paperB] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt AS b1 LIMIT 1
}
WITH a, coalesce(b0, b1) AS b
RETURN a IS NOT NULL AS foundA, b IS NOT NULL AS foundB,
       COLLECT {
         MATCH (a)-[:MENTIONS]->(c:Concept)
         WHERE EXISTS { (b)-[:MENTIONS]->(c) }  // not one pattern: a = b must share them all
         WITH DISTINCT c ORDER BY c.key
         RETURN c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }}
       } AS concepts
