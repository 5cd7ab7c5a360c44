// Recompute Method-[:RELATED_TO {weight}]->Concept for these methods: weight = number of papers
// that propose or use the method and mention the concept.
// params: $methodKeys: [string]. returns: count (edges written).
UNWIND $methodKeys AS key
MATCH (m:Method {key: key})
OPTIONAL MATCH (m)-[old:RELATED_TO]->(:Concept)
DELETE old
WITH DISTINCT m
MATCH (m)<-[:PROPOSES|USES]-(p:Paper)-[:MENTIONS]->(c:Concept)
WITH m, c, count(DISTINCT p) AS weight
MERGE (m)-[r:RELATED_TO]->(c)
SET r.weight = weight
RETURN count(*) AS count
