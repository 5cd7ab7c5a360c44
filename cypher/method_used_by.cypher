// One page of the papers using each method, best edge score first; batched.
// params: $keys: [string], $skip, $first (per method).
// returns: key, total (papers using it), page (list of paper maps).
UNWIND $keys AS key
MATCH (m:Method {key: key})
CALL (m) {
  MATCH (m)<-[r:USES]-(p:Paper)
  WITH p, r ORDER BY r.score DESC, p.id SKIP $skip LIMIT $first
  RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}) AS page
}
RETURN key, COUNT { (m)<-[:USES]-() } AS total, page
