// Add the edges a resolution just created to their methods' RELATED_TO weights, as link_related
// does for a batch's papers, locking each method the same way: a use (untyped names a later
// paper typed, mentions of a concept merged into a method; a row with methodKey) adds +1 on (method,
// concept) for each concept the paper mentions; a mention (uses of a method folded into a
// concept, fold_methods_into_concepts; a row with conceptKey) adds +1 on (method, concept) for
// each method the paper proposes or uses. Each is a new edge (made only where the paper did
// not link the node yet), and a round counts its uses before it folds, so no pair is counted
// twice; a method a fifth of the graph uses is not recomputed from all of its papers. The
// pair's edge is found by its key, as link_related finds it.
// params: $uses: [{matchKey, methodKey} or {matchKey, conceptKey}]. returns: count (pairs
// touched).
UNWIND $uses AS use
WITH DISTINCT use.matchKey AS matchKey, use.methodKey AS key, use.conceptKey AS conceptKey
MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper {matchKey: matchKey})-[:MENTIONS]->(c:Concept)
WHERE coalesce(m.key = key, c.key = conceptKey, false)
WITH m, c, count(DISTINCT p) AS papers
ORDER BY m.key, c.key
SET m.relatedLock = true
REMOVE m.relatedLock
WITH m, c, papers, id(m) * 4294967296 + id(c) AS pair
OPTIONAL CALL (pair) {
  // a seek a row (a hint for the index alone let a plan made on a small graph scan all of it)
  MATCH ()-[r:RELATED_TO]->()
    USING INDEX SEEK r:RELATED_TO(pair)
    WHERE r.pair = pair
  RETURN r
}
CALL (m, c, r, papers, pair) {
  WITH m, c, papers, pair WHERE r IS NULL
  CREATE (m)-[:RELATED_TO {weight: papers, pair: pair}]->(c)
}
SET r.weight = r.weight + papers
RETURN count(*) AS count
