// For each concept, the methods related to it (RELATED_TO weight: papers linking both), heaviest
// first; batched. params: $keys: [string], $first (per concept).
// returns: key, methods (list of method maps with paperCount).
UNWIND $keys AS key
MATCH (c:Concept {key: key})
CALL (c) {
  MATCH (c)<-[r:RELATED_TO]-(m:Method)
  WITH m, r ORDER BY r.weight DESC, m.key LIMIT $first
  RETURN collect(m {.key, .name, .aliases, .kind, paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }}) AS methods
}
RETURN key, methods
