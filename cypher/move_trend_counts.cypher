// Move the papers per year kept on concepts and methods (trendYears ascending, trendPapers
// parallel, trendTotal: see refresh_trend_counts) by one batch's papers: $change -1 for the
// edges a batch is about to remove, with the year each paper was counted under, and +1 for the
// edges it wrote, with the year it has now. A batch so costs its own edges, not the papers of
// every node it touches: a concept a fifth of a big graph mentions was recounted from all of
// its papers by every batch that mentioned it. Each node is write-locked before its counts are
// read, in kind and key order, so two loads moving the same node cannot both move from the same
// counts. Years left with no paper are dropped.
// A row with a methodKey moves only that method (a use a resolution added to a stored paper),
// one with a conceptKey only that concept (a mention fold_methods_into_concepts added).
// params: $papers: [{matchKey, year, methodKey, conceptKey (both optional)}] (a null year
// moves nothing), $change: 1 or -1. returns: moved.
UNWIND $papers AS paper
WITH paper
WHERE paper.year IS NOT NULL
MATCH (p:Paper {matchKey: paper.matchKey})-[:MENTIONS|PROPOSES|USES]->(n)
WHERE CASE
    WHEN paper.methodKey IS NOT NULL THEN n:Method AND n.key = paper.methodKey
    WHEN paper.conceptKey IS NOT NULL THEN n:Concept AND n.key = paper.conceptKey
    ELSE true END
WITH n, paper.year AS year, count(DISTINCT p) * $change AS change
WITH n, collect([year, change]) AS moves
ORDER BY CASE WHEN n:Concept THEN 0 ELSE 1 END, n.key
SET n.trendCounting = true
REMOVE n.trendCounting
WITH n, moves, coalesce(n.trendYears, []) AS years, coalesce(n.trendPapers, []) AS counts
CALL (years, counts, moves) {
  UNWIND [i IN range(0, size(years) - 1) | [years[i], counts[i]]] + moves AS pair
  WITH pair[0] AS year, sum(pair[1]) AS papers
  WHERE papers <> 0
  ORDER BY year
  RETURN collect(year) AS movedYears, collect(papers) AS movedPapers
}
SET n.trendYears = movedYears,
    n.trendPapers = movedPapers,
    n.trendTotal = reduce(total = 0, c IN movedPapers | total + c)
RETURN count(n) AS moved
