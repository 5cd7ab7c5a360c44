// Existing concepts a concept may now sit above: keys ending in " <key>" (its head, through the
// concept_key_text index) and the exact keys of the generic-head rule ($probes, "<key> method").
// params: $keys: [string], $probes: [string]. returns: key.
CALL () {
  UNWIND $keys AS key
  MATCH (c:Concept) WHERE c.key ENDS WITH ' ' + key
  RETURN c.key AS key
  UNION
  UNWIND $probes AS probe
  MATCH (c:Concept {key: probe})
  RETURN c.key AS key
}
RETURN DISTINCT key
