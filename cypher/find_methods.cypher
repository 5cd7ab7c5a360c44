// One page of all Methods, most papers first (ties by key).
// params: $skip, $first. returns: total, page (list of method maps with paperCount).
CALL () {
  MATCH (m:Method)
  RETURN count(m) AS total
}
CALL () {
  MATCH (m:Method)
  WITH m, COUNT { (m)<-[:PROPOSES|USES]-() } AS papers
  ORDER BY papers DESC, m.key
  SKIP $skip LIMIT $first
  RETURN collect(m {.key, .name, .aliases, paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }}) AS page
}
RETURN total, page
