// The papers proposing each method (at most 100, best edge score first); batched.
// params: $keys: [string]. returns: key, papers (list of paper maps).
UNWIND $keys AS key
MATCH (m:Method {key: key})
CALL (m) {
  MATCH (m)<-[r:PROPOSES]-(p:Paper)
  WITH p, r ORDER BY r.score DESC, p.id LIMIT 100
  RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}) AS papers
}
RETURN key, papers
