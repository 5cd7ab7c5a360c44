// One page of topics, most concepts first (rank). params: $skip, $first.
// returns: total, page (list of topic maps {id, name, conceptCount, paperCount}).
CALL () {
  MATCH (t:Topic)
  RETURN count(t) AS total
}
CALL () {
  MATCH (t:Topic)
  WITH t ORDER BY t.rank SKIP $skip LIMIT $first
  RETURN collect(t {.id, .name, .conceptCount, paperCount: COUNT { (t)<-[:HAS_TOPIC]-() }}) AS page
}
RETURN total, page
