// What each method is a named variant of, and its named variants (most papers first); batched.
// params: $keys: [string].
// returns: key, variantOf (method map or null), variants (list of method maps).
UNWIND $keys AS key
MATCH (m:Method {key: key})
CALL (m) {
  OPTIONAL MATCH (m)-[:VARIANT_OF]->(b:Method)
  WITH b ORDER BY b.key LIMIT 1
  RETURN b {.key, .name, .aliases, .kind, paperCount: COUNT { (b)<-[:PROPOSES|USES]-() }} AS variantOf
}
CALL (m) {
  OPTIONAL MATCH (v:Method)-[:VARIANT_OF]->(m)
  WITH v, COUNT { (v)<-[:PROPOSES|USES]-() } AS papers
  ORDER BY papers DESC, v.key LIMIT 100
  RETURN collect(v {.key, .name, .aliases, .kind, paperCount: papers}) AS variants
}
RETURN key, variantOf, variants
