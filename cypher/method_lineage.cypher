// A method's lineage: what it varies (nearest first), then the method and every method varying
// it up to 3 VARIANT_OF steps away, each with the papers introducing it and the papers using
// it, oldest first, and its VARIANT_OF edges with the paper saying so and where.
// params: $key, $first (papers per list).
// returns: variantOf (list of method maps), entries (list of {method, depth, introducedBy,
// usedBy, useCount, links (as in method_variants)}); no row when no method has the key.
MATCH (root:Method {key: $key})
CALL (root) {
  OPTIONAL MATCH path = (root)-[:VARIANT_OF*1..3]->(b:Method)
  WITH b, length(path) AS steps ORDER BY steps
  RETURN collect(b {.key, .name, .aliases, .kind,
                    paperCount: COUNT { (b)<-[:PROPOSES|USES]-() }}) AS variantOf
}
CALL (root) {
  MATCH path = (v:Method)-[:VARIANT_OF*0..3]->(root)
  WITH v, min(length(path)) AS depth
  CALL (v) {
    OPTIONAL MATCH (v)<-[:PROPOSES]-(p:Paper)
    WITH p ORDER BY coalesce(p.year, 9999), p.id
    RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords,
                      .status, .doi, .arxivId, .openalexId, .s2Id, .url})[..$first] AS introducedBy
  }
  CALL (v) {
    OPTIONAL MATCH (v)<-[:USES]-(p:Paper)
    WITH p ORDER BY coalesce(p.year, 9999), p.id
    RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords,
                      .status, .doi, .arxivId, .openalexId, .s2Id, .url})[..$first] AS usedBy, count(p) AS useCount
  }
  CALL (v) {
    OPTIONAL MATCH (v)-[e:VARIANT_OF]->(b:Method)
    OPTIONAL MATCH (p:Paper {id: e.paperId})
    WITH e, b, p ORDER BY b.key
    RETURN collect(CASE WHEN e IS NOT NULL THEN {
      variant: v {.key, .name, .aliases, .kind, paperCount: COUNT { (v)<-[:PROPOSES|USES]-() }},
      base: b {.key, .name, .aliases, .kind, paperCount: COUNT { (b)<-[:PROPOSES|USES]-() }},
      paper: p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url},
      evidence: e {.evidenceField, .evidenceStart, .evidenceEnd, .evidenceText, .sentence,
                   .sentenceStart, .sentenceEnd}} END) AS links
  }
  WITH v, depth, introducedBy, usedBy, useCount, links ORDER BY depth, v.key
  RETURN collect({method: v {.key, .name, .aliases, .kind,
                             paperCount: COUNT { (v)<-[:PROPOSES|USES]-() }},
                  depth: depth, introducedBy: introducedBy, usedBy: usedBy,
                  useCount: useCount, links: links}) AS entries
}
RETURN variantOf, entries
