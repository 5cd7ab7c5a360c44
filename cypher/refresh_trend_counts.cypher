// Recount, from the edges, the papers per year of each given concept (MENTIONS) and method
// (PROPOSES or USES), and store them on the node: trendYears (ascending) and trendPapers
// (parallel), trendTotal (papers with a year). Trends and rising/falling read these instead of
// scanning every mention. Each node is write-locked before it is counted, so two loads
// writing papers of the same concept cannot both count without the other's papers.
// params: $conceptKeys, $methodKeys: [string]. returns: counted.
CALL () {
  UNWIND $conceptKeys AS key
  MATCH (n:Concept {key: key})
  RETURN n
  UNION
  UNWIND $methodKeys AS key
  MATCH (n:Method {key: key})
  RETURN n
}
WITH n
SET n.trendCounting = true
REMOVE n.trendCounting
WITH n, COLLECT {
  MATCH (n)<-[:MENTIONS|PROPOSES|USES]-(p:Paper)
  WHERE p.year IS NOT NULL
  WITH p.year AS year, count(DISTINCT p) AS papers
  ORDER BY year
  RETURN [year, papers]
} AS counts
SET n.trendYears = [c IN counts | c[0]],
    n.trendPapers = [c IN counts | c[1]],
    n.trendTotal = reduce(total = 0, c IN counts | total + c[1])
RETURN count(n) AS counted
