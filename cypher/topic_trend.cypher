// Papers per year mentioning a concept of each topic (its HAS_TOPIC papers); batched. Years
// without such a paper are absent (the query layer fills them in from year_totals).
// params: $ids: [string]. returns: id, years (list of {year, papers}).
UNWIND $ids AS id
MATCH (t:Topic {id: id})
RETURN id, COLLECT {
  MATCH (t)<-[:HAS_TOPIC]-(p:Paper)
  WHERE p.year IS NOT NULL
  WITH p.year AS year, count(*) AS papers
  ORDER BY year
  RETURN {year: year, papers: papers}
} AS years
