// Take these papers out of their methods' RELATED_TO weights before their edges are removed
// (a reload): -1 on each (method, concept) pair a paper links to, the edge deleted when no
// paper is left behind it. The counterpart of link_related, locking the same way.
// params: $matchKeys: [string]. returns: count (edges deleted).
UNWIND $matchKeys AS matchKey
MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper {matchKey: matchKey})-[:MENTIONS]->(c:Concept)
WITH m, c, count(DISTINCT p) AS papers
ORDER BY m.key, c.key
SET m.relatedLock = true
REMOVE m.relatedLock
WITH m, c, papers
MATCH (m)-[r:RELATED_TO]->(c)
SET r.weight = r.weight - papers
WITH r WHERE r.weight <= 0
DELETE r
RETURN count(*) AS count
