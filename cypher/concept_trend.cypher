// Papers per year mentioning each concept; batched. Years without such a paper are absent
// (the query layer fills them in from year_totals).
// params: $keys: [string]. returns: key, years (list of {year, papers}).
UNWIND $keys AS key
MATCH (c:Concept {key: key})
RETURN key, COLLECT {
  MATCH (c)<-[:MENTIONS]-(p:Paper)
  WHERE p.year IS NOT NULL
  WITH p.year AS year, count(DISTINCT p) AS papers
  ORDER BY year
  RETURN {year: year, papers: papers}
} AS years
