// Browser: the concepts two papers both mention, drawn between the two papers.
// params: $paperA, $paperB (paper ids or altIds). returns: a, ra, c, rb, b (paths to draw).
MATCH (a:Paper) WHERE a.id = $paperA OR $paperA IN a.altIds
WITH a LIMIT 1
MATCH (b:Paper) WHERE b.id = $paperB OR $paperB IN b.altIds
WITH a, b LIMIT 1
MATCH (a)-[ra:MENTIONS]->(c:Concept)<-[rb:MENTIONS]-(b)
RETURN a, ra, c, rb, b
