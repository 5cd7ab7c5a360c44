// The papers, methods and concepts written since the last resolution (resolvePending; see
// graph/_resolution.py), which the resolution after a load settles instead of the whole graph.
// At most $limit of each, so one resolution transaction stays small however big the load was
// (the caller repeats until fewer come back). Each is write-locked as it is read (the SET), so
// a concurrent load that flags it again waits for this resolution to commit and keeps its flag
// for its own.
// params: $limit. returns: matchKeys, methods ([{key, expansionKeys}]), conceptKeys.
CALL () {
  MATCH (p:Paper)
  WHERE p.resolvePending = true
  WITH p LIMIT $limit
  SET p.resolvePending = true
  RETURN collect(p.matchKey) AS matchKeys
}
CALL () {
  MATCH (m:Method)
  WHERE m.resolvePending = true
  WITH m LIMIT $limit
  SET m.resolvePending = true
  RETURN collect({key: m.key, expansionKeys: coalesce(m.expansionKeys, [])}) AS methods
}
CALL () {
  MATCH (c:Concept)
  WHERE c.resolvePending = true
  WITH c LIMIT $limit
  SET c.resolvePending = true
  RETURN collect(c.key) AS conceptKeys
}
RETURN matchKeys, methods, conceptKeys
