// One page of all Concepts, most papers first (ties by key).
// params: $skip, $first. returns: total, page (list of concept maps with paperCount).
CALL () {
  MATCH (c:Concept)
  RETURN count(c) AS total
}
CALL () {
  MATCH (c:Concept)
  WITH c, COUNT { (c)<-[:MENTIONS]-() } AS papers
  ORDER BY papers DESC, c.key
  SKIP $skip LIMIT $first
  RETURN collect(c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }}) AS page
}
RETURN total, page
