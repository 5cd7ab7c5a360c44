// Recompute Method-[:RELATED_TO {weight}]->Concept for these methods and clear their
// relatedStale flag: weight = number of papers that propose or use the method and mention the
// concept. The flag is removed first, which write-locks the method before its papers are read:
// a concurrent loader that links a new paper waits, then flags the method again.
// params: $methodKeys: [string]. returns: count (methods refreshed).
UNWIND $methodKeys AS key
MATCH (m:Method {key: key})
REMOVE m.relatedStale
WITH m
CALL (m) {
  OPTIONAL MATCH (m)-[old:RELATED_TO]->(:Concept)
  DELETE old
}
CALL (m) {
  MATCH (m)<-[:PROPOSES|USES]-(p:Paper)-[:MENTIONS]->(c:Concept)
  WITH c, count(DISTINCT p) AS weight
  CREATE (m)-[:RELATED_TO {weight: weight}]->(c)
}
RETURN count(m) AS count
