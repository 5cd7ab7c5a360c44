// One page of all Methods, or of one kind, most papers first (ties by key).
// params: $kind (null for every kind), $skip, $first.
// returns: total, page (list of method maps with paperCount).
CALL () {
  MATCH (m:Method)
  WHERE $kind IS NULL OR m.kind = $kind
  RETURN count(m) AS total
}
CALL () {
  MATCH (m:Method)
  WHERE $kind IS NULL OR m.kind = $kind
  WITH m, COUNT { (m)<-[:PROPOSES|USES]-() } AS papers
  ORDER BY papers DESC, m.key
  SKIP $skip LIMIT $first
  RETURN collect(m {.key, .name, .aliases, .kind, paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }}) AS page
}
RETURN total, page
