// The authors of each paper in byline order; batched over papers.
// params: $ids: [string] (canonical paper ids). returns: id, authors (list of author maps).
UNWIND $ids AS id
MATCH (p:Paper {id: id})
CALL (p) {
  MATCH (a:Author)-[w:WROTE]->(p)
  WITH a, w ORDER BY w.position
  RETURN collect(a {.key, .name, .orcid, .ids, paperCount: COUNT { (a)-[:WROTE]->() }}) AS authors
}
RETURN id, authors
