// Count the papers per year into YearTotal nodes, once, for a graph written before the writes
// kept them (graph/schema.py; the constraint created after it says it is done).
// params: none. returns: nothing.
MATCH (p:Paper)
WHERE p.year IS NOT NULL
WITH p.year AS year, count(*) AS papers
MERGE (t:YearTotal {year: year})
SET t.papers = papers
