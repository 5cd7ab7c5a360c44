// One author by key, else by name (normalised: case and accents ignored; of several, the one
// with most papers). params: $key, $nameKey (either may be null). returns: author map.
OPTIONAL MATCH (byKey:Author {key: $key})
OPTIONAL CALL () {
  MATCH (a:Author {nameKey: $nameKey})
  RETURN a ORDER BY COUNT { (a)-[:WROTE]->() } DESC, a.key LIMIT 1
}
WITH coalesce(byKey, a) AS a
WHERE a IS NOT NULL
RETURN a {.key, .name, .orcid, .ids, paperCount: COUNT { (a)-[:WROTE]->() }} AS author
