// Browser: the most mentioned concepts, as a table (switch to the graph view to see them).
// params: $limit (int, e.g. 25). returns: concept (name), key, papers (count), sample (paper labels).
MATCH (c:Concept)<-[:MENTIONS]-(p:Paper)
WITH c, count(p) AS papers, collect(p.label)[..5] AS sample
ORDER BY papers DESC, c.key
LIMIT $limit
RETURN c.name AS concept, c.key AS key, papers, sample
