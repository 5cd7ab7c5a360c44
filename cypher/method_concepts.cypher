// For each method, the concepts related to it (RELATED_TO weight), heaviest first; batched.
// params: $keys: [string], $first (per method).
// returns: key, concepts (list of concept maps with paperCount).
UNWIND $keys AS key
MATCH (m:Method {key: key})
CALL (m) {
  MATCH (m)-[r:RELATED_TO]->(c:Concept)
  WITH c, r ORDER BY r.weight DESC, c.key LIMIT $first
  RETURN collect(c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }}) AS concepts
}
RETURN key, concepts
