// How many papers each year has (papers without a year are left out), oldest first.
// params: none. returns: year, papers.
MATCH (p:Paper)
WHERE p.year IS NOT NULL
RETURN p.year AS year, count(*) AS papers
ORDER BY year
