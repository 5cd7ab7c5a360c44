// A method's kind is the kind most of the papers typing it give (each PROPOSES or USES edge's
// kindSaid; a paper using the name without saying what it is does not count), a tie going to
// the kind more proposing papers give, then to a named kind over a plain method, then
// alphabetically, so neither the order of the papers nor how the loads cut them decides. A
// method no paper types any more keeps its kind. Run by the resolution after a load on the
// methods it wrote or unlinked, and by a deletion on the deleted paper's methods; its second
// label follows (label_method_kinds).
// params: $methodKeys: [string]. returns: count.
UNWIND $methodKeys AS key
MATCH (m:Method {key: key})
CALL (m) {
  MATCH (p:Paper)-[r:PROPOSES|USES]->(m)
  WHERE r.kindSaid IS NOT NULL
  WITH r.kindSaid AS kind, count(DISTINCT p) AS papers,
       count(DISTINCT CASE WHEN type(r) = 'PROPOSES' THEN p END) AS proposing
  ORDER BY papers DESC, proposing DESC, kind = 'method', kind
  RETURN collect(kind)[0] AS said
}
SET m.kind = coalesce(said, m.kind)
RETURN count(*) AS count
