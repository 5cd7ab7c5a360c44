// For each concept, the concepts mentioned by the same papers, most shared papers first; batched.
// Bounded at scale: at most 500 of the concept's papers are read (a sample, in store order, of
// a concept a fifth of a big graph mentions; then `papers` counts shared papers in the sample).
// A larger sample keeps more of the exact top 10 at proportionally more reads, and its time
// grows with the graph (the trade is measured in bench/results/README.md, ninth round).
// Only papers have MENTIONS edges, and they lead only to concepts, so neither end is
// label-checked; the keys that break ties are read only for the concepts tied with or above the
// $first-th (not for every concept the sample mentions, thousands for a hot concept).
// params: $keys: [string], $first (per concept).
// returns: key, related (list of {concept map with paperCount, papers: shared paper count}).
UNWIND $keys AS key
MATCH (c:Concept {key: key})
CALL (c) {
  CALL (c) {
    MATCH (c)<-[:MENTIONS]-(p)
    RETURN p LIMIT 500
  }
  MATCH (p)-[:MENTIONS]->(other)
  WHERE other <> c
  WITH other, count(DISTINCT p) AS papers
  ORDER BY papers DESC
  WITH collect({other: other, papers: papers}) AS ranked
  UNWIND [r IN ranked WHERE r.papers >= coalesce(ranked[$first - 1].papers, 0)] AS r
  WITH r.other AS other, r.papers AS papers
  ORDER BY papers DESC, other.key LIMIT $first
  RETURN collect({concept: other {.key, .name, .aliases,
                  paperCount: COUNT { (other)<-[:MENTIONS]-() }}, papers: papers}) AS related
}
RETURN key, related
