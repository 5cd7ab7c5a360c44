// Move the papers per year kept on YearTotal nodes (one per year some paper has; read by
// year_totals) by one batch's papers: -1 under the year each rewritten or deleted paper was
// counted under, +1 under the year it has now. Trends divide by these totals on every call, so
// they are kept, not counted from every paper. $moves holds a year at most once, in ascending
// order, so transactions lock the nodes in one order; a year left with no paper is removed.
// params: $moves: [{year, change}]. returns: moved.
UNWIND $moves AS move
MERGE (t:YearTotal {year: move.year})
SET t.papers = coalesce(t.papers, 0) + move.change
WITH t
CALL (t) {
  WITH t WHERE t.papers <= 0
  DELETE t
}
RETURN count(*) AS moved
