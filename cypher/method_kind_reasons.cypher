// Why each method has its kind: the cue count_method_kinds stored (kindCue: the cue most of the
// papers giving the kind read it from), how many papers give that kind (kindPapers) and how many
// type the name at all (kindTyped), with every kind its papers give and how many give it, most
// first; batched.
// params: $keys: [string]. returns: key, cue, papers, typed, votes ([{kind, papers}]).
UNWIND $keys AS key
MATCH (m:Method {key: key})
CALL (m) {
  MATCH (p:Paper)-[r:PROPOSES|USES]->(m)
  WHERE r.kindSaid IS NOT NULL
  WITH r.kindSaid AS kind, count(DISTINCT p) AS papers
  ORDER BY papers DESC, kind
  RETURN collect({kind: kind, papers: papers}) AS votes
}
RETURN key, m.kindCue AS cue, coalesce(m.kindPapers, 0) AS papers,
       coalesce(m.kindTyped, 0) AS typed, votes
