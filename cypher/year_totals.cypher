// How many papers each year has (papers without a year are left out), oldest first: read off
// the YearTotal nodes the writes keep (move_year_totals), not counted from every paper.
// params: none. returns: year, papers.
MATCH (t:YearTotal)
RETURN t.year AS year, t.papers AS papers
ORDER BY year
