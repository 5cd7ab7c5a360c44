// For each concept, the concepts mentioned by the same papers, most shared papers first; batched.
// Bounded at scale: at most 2,000 of the concept's papers are read (a sample, in store order, of
// a concept a fifth of a big graph mentions; then `papers` counts shared papers in the sample).
// params: $keys: [string], $first (per concept).
// returns: key, related (list of {concept map with paperCount, papers: shared paper count}).
UNWIND $keys AS key
MATCH (c:Concept {key: key})
CALL (c) {
  CALL (c) {
    MATCH (c)<-[:MENTIONS]-(p:Paper)
    RETURN p LIMIT 2000
  }
  MATCH (p)-[:MENTIONS]->(other:Concept)
  WHERE other <> c
  WITH other, count(DISTINCT p) AS papers
  ORDER BY papers DESC, other.key LIMIT $first
  RETURN collect({concept: other {.key, .name, .aliases,
                  paperCount: COUNT { (other)<-[:MENTIONS]-() }}, papers: papers}) AS related
}
RETURN key, related
