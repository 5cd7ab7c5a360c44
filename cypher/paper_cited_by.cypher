// The loaded papers citing each paper, newest first, one page of them; batched over papers.
// params: $ids: [string] (canonical paper ids), $skip, $first (per paper).
// returns: id, total (loaded papers citing it), page (list of paper maps).
UNWIND $ids AS id
MATCH (p:Paper {id: id})
CALL (p) {
  MATCH (q:Paper)-[:CITES]->(p)
  WITH q ORDER BY q.year DESC, q.id SKIP $skip LIMIT $first
  RETURN collect(q {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}) AS page
}
RETURN id, COUNT { ()-[:CITES]->(p) } AS total, page  // only papers cite: read off the degree
