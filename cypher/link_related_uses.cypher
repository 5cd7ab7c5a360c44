// Add the uses a resolution just created (untyped names a later paper typed, mentions of a
// concept merged into a method) to their methods' RELATED_TO weights: +1 on (method, concept)
// for each concept the using paper mentions, as link_related does for a batch's papers, locking
// each method the same way. Each use is a new edge (made only where the paper did not link the
// method yet), so no pair is counted twice; a method a fifth of the graph uses is not
// recomputed from all of its papers.
// params: $uses: [{matchKey, key}]. returns: count (pairs touched).
UNWIND $uses AS use
WITH DISTINCT use.matchKey AS matchKey, use.key AS key
MATCH (p:Paper {matchKey: matchKey})-[:MENTIONS]->(c:Concept)
MATCH (m:Method {key: key})
WITH m, c, count(DISTINCT p) AS papers
ORDER BY m.key, c.key
SET m.relatedLock = true
REMOVE m.relatedLock
MERGE (m)-[r:RELATED_TO]->(c)
  ON CREATE SET r.weight = papers
  ON MATCH SET r.weight = r.weight + papers
RETURN count(*) AS count
