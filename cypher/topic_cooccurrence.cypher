// The concept co-occurrence graph topics are computed on: pairs of concepts mentioned by the
// same papers, weighted by how many. Only concepts in $minPapers papers or more take part (a
// concept of one paper says nothing about themes), and none in more than $maxShare of all
// papers (such a hub would glue every theme into one).
// params: $minPapers: int, $maxShare: float.
// returns: a, b (concept keys, a < b), aName, bName (their names), papers.
WITH COUNT { (:Paper) } AS n
MATCH (c:Concept)
WITH n, c, COUNT { (c)<-[:MENTIONS]-() } AS df
WHERE df >= $minPapers AND df <= $maxShare * n
WITH collect(c) AS kept
UNWIND kept AS a
MATCH (a)<-[:MENTIONS]-(p:Paper)-[:MENTIONS]->(b:Concept)
WHERE a.key < b.key AND b IN kept
RETURN a.key AS a, b.key AS b, a.name AS aName, b.name AS bName, count(DISTINCT p) AS papers
ORDER BY a, b
