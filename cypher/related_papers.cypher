// Papers related to each given paper, best first; batched over papers. Ranking:
//   score(p, q) = sum over entities x (concepts and methods) linked to both p and q of
//                 min(score of p's edge to x, score of q's edge to x) * ln(N / df(x))
// where N is the number of papers and df(x) the number of papers linked to x, so rare shared
// concepts weigh more than ubiquitous ones and an entity in every paper weighs nothing.
// df(x) is worked out once per entity of the paper, as x's degree: only papers have MENTIONS,
// PROPOSES and USES relationships, so no label check on their other end, which lets Neo4j read
// the count off a dense node instead of visiting its papers (the paperCount of the other
// statements is counted the same way). Papers sharing popular concepts: p95 41 -> 5 ms.
// A paper is found by its id, else by one of its altIds (in the same statement, so the API
// answers relatedPapers in one round trip).
// params: $ids: [string] (any of the papers' ids), $first: int (per paper).
// returns: id (as asked), related (list of {paper map, score, concepts, methods}); no row for
// an id that names no paper.
WITH COUNT { (:Paper) } AS n
UNWIND $ids AS id
OPTIONAL MATCH (byId:Paper {id: id})
OPTIONAL CALL (id, byId) {
  WITH id, byId WHERE byId IS NULL
  MATCH (alt:Paper) WHERE id IN alt.altIds
  RETURN alt LIMIT 1
}
WITH n, id, coalesce(byId, alt) AS p
WHERE p IS NOT NULL
CALL (p, n) {
  MATCH (p)-[a:MENTIONS|PROPOSES|USES]->(x)
  WITH x, a, log(toFloat(n) / COUNT { (x)<-[:MENTIONS|PROPOSES|USES]-() }) AS idf
  MATCH (x)<-[b:MENTIONS|PROPOSES|USES]-(q:Paper)
  WHERE q <> p
  WITH q, x, idf, max(CASE WHEN a.score < b.score THEN a.score ELSE b.score END) AS shared
  WITH q, sum(shared * idf) AS score, collect(x) AS xs
  ORDER BY score DESC, q.id LIMIT $first
  RETURN collect({
    paper: q {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status},
    score: score,
    concepts: [c IN xs WHERE c:Concept | c {.key, .name, .aliases,
               paperCount: COUNT { (c)<-[:MENTIONS]-() }}],
    methods: [m IN xs WHERE m:Method | m {.key, .name, .aliases, .kind,
              paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }}]
  }) AS related
}
RETURN id, related
