// Take these papers out of their methods' RELATED_TO weights before their edges are removed
// (a reload): -1 on each (method, concept) pair a paper links to, the edge deleted when no
// paper is left behind it. The counterpart of link_related, locking the same way and finding
// the pair's edge by its key.
// params: $matchKeys: [string]. returns: count (edges deleted).
UNWIND $matchKeys AS matchKey
MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper {matchKey: matchKey})-[:MENTIONS]->(c:Concept)
WITH m, c, count(DISTINCT p) AS papers
ORDER BY m.key, c.key
SET m.relatedLock = true
REMOVE m.relatedLock
WITH papers, id(m) * 4294967296 + id(c) AS pair
CALL (pair) {
  // a seek a row (a hint for the index alone let a plan made on a small graph scan all of it)
  MATCH ()-[r:RELATED_TO]->()
    USING INDEX SEEK r:RELATED_TO(pair)
    WHERE r.pair = pair
  RETURN r
}
SET r.weight = r.weight - papers
WITH r WHERE r.weight <= 0
DELETE r
RETURN count(*) AS count
