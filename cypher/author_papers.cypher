// The papers each author wrote, newest first; batched over authors.
// params: $keys: [string], $first: int. returns: key, papers (list of paper maps).
UNWIND $keys AS key
MATCH (a:Author {key: key})
CALL (a) {
  MATCH (a)-[:WROTE]->(p:Paper)
  WITH p ORDER BY p.year DESC, p.id LIMIT $first
  RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}) AS papers
}
RETURN key, papers
