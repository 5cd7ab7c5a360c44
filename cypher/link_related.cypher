// Add these papers to their methods' RELATED_TO weights (weight = number of papers that propose
// or use the method and mention the concept): +1 on each (method, concept) pair a paper links
// to, the edge created at the first. Run once a batch's edges are written, so a load costs
// what its own papers link to, not what its methods' other papers do: a method a fifth of a
// big graph uses is never read whole. Each method is write-locked first (in key order), as
// refresh_method_concepts locks it: a concurrent loader or refresh of the same method either
// commits first, and its edges are read here, or waits until this transaction commits.
// params: $matchKeys: [string]. returns: count (pairs touched).
UNWIND $matchKeys AS matchKey
MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper {matchKey: matchKey})-[:MENTIONS]->(c:Concept)
WITH m, c, count(DISTINCT p) AS papers
ORDER BY m.key, c.key
SET m.relatedLock = true
REMOVE m.relatedLock
MERGE (m)-[r:RELATED_TO]->(c)
  ON CREATE SET r.weight = papers
  ON MATCH SET r.weight = r.weight + papers
RETURN count(*) AS count
