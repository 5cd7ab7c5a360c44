// One page of a full-text search over Method names and aliases (index method_text), best match
// first, optionally of one kind.
// params: $search (escaped Lucene query), $kind (null for every kind), $skip, $first.
// returns: total, page (method maps).
CALL () {
  CALL db.index.fulltext.queryNodes('method_text', $search) YIELD node
  WHERE $kind IS NULL OR node.kind = $kind
  RETURN count(node) AS total
}
CALL () {
  CALL db.index.fulltext.queryNodes('method_text', $search) YIELD node AS m, score
  WITH m, score
  WHERE $kind IS NULL OR m.kind = $kind
  ORDER BY score DESC, m.key
  SKIP $skip LIMIT $first
  RETURN collect(m {.key, .name, .aliases, .kind, paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }}) AS page
}
RETURN total, page
