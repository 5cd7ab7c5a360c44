// The concepts directly under each concept (BROADER pointing at it), most papers first; batched.
// params: $keys: [string], $first: int (per concept). returns: key, narrower (concept maps).
UNWIND $keys AS key
MATCH (c:Concept {key: key})
RETURN key, COLLECT {
  MATCH (c)<-[:BROADER]-(n:Concept)
  WITH n, COUNT { (n)<-[:MENTIONS]-() } AS papers
  ORDER BY papers DESC, n.key LIMIT $first
  RETURN n {.key, .name, .aliases, paperCount: papers}
} AS narrower
