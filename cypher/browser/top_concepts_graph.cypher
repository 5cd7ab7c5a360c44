// Browser: the most mentioned concepts with the papers that mention them, as a graph.
// params: $limit (int, e.g. 10: how many concepts). returns: c, r, p (paths to draw).
MATCH (c:Concept)<-[:MENTIONS]-(:Paper)
WITH c, count(*) AS papers
ORDER BY papers DESC, c.key
LIMIT $limit
MATCH (c)<-[r:MENTIONS]-(p:Paper)
RETURN c, r, p
