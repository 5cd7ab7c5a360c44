// Add these papers to their methods' RELATED_TO weights (weight = number of papers that propose
// or use the method and mention the concept): +1 on each (method, concept) pair a paper links
// to, the edge created at the first. Run once a batch's edges are written, so a load costs
// what its own papers link to, not what its methods' other papers do: a method a fifth of a
// big graph uses is never read whole. Each method is write-locked first (in key order), as
// refresh_method_concepts locks it: a concurrent loader or refresh of the same method either
// commits first, and its edges are read here, or waits until this transaction commits.
// A pair's edge is found by its key, pair = id(method) * 2^32 + id(concept) (unique while the
// graph has fewer than 2^32 nodes; an edge goes when either end does, so a reused id never
// meets an old key), through the related_pair index: a MERGE between the two nodes walked
// the RELATED_TO edges of the one with fewer, which for two popular nodes grows with the graph,
// so each batch of a big load cost more than the one before. The key is an integer (stored in
// the edge's own record; elementId is a string) and node ids are kept by dump and load.
// params: $matchKeys: [string]. returns: count (pairs touched).
UNWIND $matchKeys AS matchKey
MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper {matchKey: matchKey})-[:MENTIONS]->(c:Concept)
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
