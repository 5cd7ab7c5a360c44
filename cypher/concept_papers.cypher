// One page of the papers mentioning each concept, best mention score first; batched.
// params: $keys: [string], $skip, $first (per concept).
// returns: key, total (papers mentioning it), page (list of paper maps).
UNWIND $keys AS key
MATCH (c:Concept {key: key})
CALL (c) {
  MATCH (c)<-[m:MENTIONS]-(p:Paper)
  WITH p, m ORDER BY m.score DESC, p.id SKIP $skip LIMIT $first
  RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}) AS page
}
RETURN key, COUNT { (c)<-[:MENTIONS]-() } AS total, page
