// Recompute Method-[:RELATED_TO {weight}]->Concept for these methods and clear their
// relatedStale flag: weight = number of papers that propose or use the method and mention the
// concept; each edge has the pair key link_related finds it by. The flag is removed first,
// which write-locks the method before its papers are read: a concurrent loader's link_related
// (which locks it too) either committed before, and its papers are read here, or waits and
// then adds its papers to the recomputed weights.
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
  CREATE (m)-[:RELATED_TO {weight: weight, pair: id(m) * 4294967296 + id(c)}]->(c)
}
RETURN count(m) AS count
