// Recompute Method-[:RELATED_TO {weight}]->Concept for these methods and clear their
// relatedStale flag: weight = number of papers that propose or use the method and mention the
// concept. params: $methodKeys: [string]. returns: count (methods refreshed).
UNWIND $methodKeys AS key
MATCH (m:Method {key: key})
CALL (m) {
  OPTIONAL MATCH (m)-[old:RELATED_TO]->(:Concept)
  DELETE old
}
CALL (m) {
  MATCH (m)<-[:PROPOSES|USES]-(p:Paper)-[:MENTIONS]->(c:Concept)
  WITH c, count(DISTINCT p) AS weight
  CREATE (m)-[:RELATED_TO {weight: weight}]->(c)
}
REMOVE m.relatedStale
RETURN count(m) AS count
