// A method's kind is the kind most of the papers typing it give (each PROPOSES or USES edge's
// kindSaid; a paper using the name without saying what it is does not count), a tie going to
// the kind more proposing papers give, then to a named kind over a plain method, then
// alphabetically, so neither the order of the papers nor how the loads cut them decides. A
// method no paper types any more keeps its kind. kindCue says why: the cue (each edge's
// kindCue) most of the papers giving that kind read it from, a tie going alphabetically;
// kindPapers how many papers give that kind and kindTyped how many type the name at all.
// Run by the resolution after a load on the methods it wrote or unlinked, and by a deletion on
// the deleted paper's methods; its second label follows (label_method_kinds).
// params: $methodKeys: [string]. returns: count.
UNWIND $methodKeys AS key
MATCH (m:Method {key: key})
CALL (m) {
  MATCH (p:Paper)-[r:PROPOSES|USES]->(m)
  WHERE r.kindSaid IS NOT NULL
  WITH r.kindSaid AS kind, count(DISTINCT p) AS papers,
       count(DISTINCT CASE WHEN type(r) = 'PROPOSES' THEN p END) AS proposing,
       collect(r.kindCue) AS cues
  ORDER BY papers DESC, proposing DESC, kind = 'method', kind
  WITH collect({kind: kind, papers: papers, cues: cues}) AS votes
  RETURN votes[0] AS said, reduce(n = 0, v IN votes | n + v.papers) AS typed
}
CALL (said) {
  UNWIND CASE WHEN said IS NULL THEN [] ELSE said.cues END AS cue
  WITH cue, count(*) AS n
  ORDER BY n DESC, cue
  RETURN collect(cue)[0] AS cue
}
SET m.kind = coalesce(said.kind, m.kind),
    m.kindCue = CASE WHEN said IS NULL THEN m.kindCue ELSE cue END,
    m.kindPapers = CASE WHEN said IS NULL THEN m.kindPapers ELSE said.papers END,
    m.kindTyped = CASE WHEN said IS NULL THEN m.kindTyped ELSE typed END
RETURN count(*) AS count
