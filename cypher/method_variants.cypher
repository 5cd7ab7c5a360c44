// What each method is a named variant of, its named variants (most papers first), and its
// VARIANT_OF edges with the paper saying so and where (see refresh_variants); batched.
// params: $keys: [string].
// returns: key, variantOf (method map or null), variants (list of method maps), links (list of
//   {variant, base (method maps), paper (paper map or null), evidence (the edge's evidence*
//   and sentence* properties)}, by base key).
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
CALL (m) {
  OPTIONAL MATCH (m)-[e:VARIANT_OF]->(b:Method)
  OPTIONAL MATCH (p:Paper {id: e.paperId})
  WITH e, b, p ORDER BY b.key
  RETURN collect(CASE WHEN e IS NOT NULL THEN {
    variant: m {.key, .name, .aliases, .kind, paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }},
    base: b {.key, .name, .aliases, .kind, paperCount: COUNT { (b)<-[:PROPOSES|USES]-() }},
    paper: p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url},
    evidence: e {.evidenceField, .evidenceStart, .evidenceEnd, .evidenceText, .sentence,
                 .sentenceStart, .sentenceEnd}} END) AS links
}
RETURN key, variantOf, variants, links
