// One page of a full-text search over Method names and aliases (index method_text), best match first.
// params: $search (escaped Lucene query), $skip, $first. returns: total, page (method maps).
CALL () {
  CALL db.index.fulltext.queryNodes('method_text', $search) YIELD node
  RETURN count(node) AS total
}
CALL () {
  CALL db.index.fulltext.queryNodes('method_text', $search) YIELD node AS m, score
  WITH m, score
  ORDER BY score DESC, m.key
  SKIP $skip LIMIT $first
  RETURN collect(m {.key, .name, .aliases, paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }}) AS page
}
RETURN total, page
