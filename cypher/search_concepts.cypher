// One page of a full-text search over Concept names and aliases (index concept_text), best match first.
// params: $search (escaped Lucene query), $skip, $first. returns: total, page (concept maps).
CALL () {
  CALL db.index.fulltext.queryNodes('concept_text', $search) YIELD node
  RETURN count(node) AS total
}
CALL () {
  CALL db.index.fulltext.queryNodes('concept_text', $search) YIELD node AS c, score
  WITH c, score
  ORDER BY score DESC, c.key
  SKIP $skip LIMIT $first
  RETURN collect(c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }}) AS page
}
RETURN total, page
