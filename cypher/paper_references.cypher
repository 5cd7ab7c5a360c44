// The loaded papers each paper cites, newest first; batched over papers.
// params: $ids: [string] (canonical paper ids), $first: int. returns: id, papers (paper maps).
UNWIND $ids AS id
MATCH (p:Paper {id: id})
CALL (p) {
  MATCH (p)-[:CITES]->(q:Paper)
  WITH q ORDER BY q.year DESC, q.id LIMIT $first
  RETURN collect(q {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status}) AS papers
}
RETURN id, papers
