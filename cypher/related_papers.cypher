// Papers related to each given paper, best first; batched over papers. Ranking:
//   score(p, q) = sum over entities x (concepts and methods) linked to both p and q of
//                 min(score of p's edge to x, score of q's edge to x) * ln(N / df(x))
// where N is the number of papers and df(x) the number of papers linked to x, so rare shared
// concepts weigh more than ubiquitous ones and an entity in every paper weighs nothing.
// df(x) is worked out once per entity of the paper, as x's degree: only papers have MENTIONS,
// PROPOSES and USES relationships, so no label check on their other end, which lets Neo4j read
// the count off a dense node instead of visiting its papers (the paperCount of the other
// statements is counted the same way). Papers sharing popular concepts: p95 41 -> 5 ms.
// Bounded at scale: an entity linked to more than 2,000 papers (a concept a fifth of a big
// graph mentions) is never expanded. Candidates come from the paper's other entities; the
// popular entities' terms are then added for each candidate from its own few edges, so every
// candidate's score is exact, and only a paper that shares nothing but popular entities with
// this one is missed (on graphs of up to 2,000 papers nothing changes).
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
  WITH x, a, COUNT { (x)<-[:MENTIONS|PROPOSES|USES]-() } AS df
  WITH collect({x: x, a: a.score, idf: log(toFloat(n) / df), popular: df > 2000}) AS mine
  CALL (p, mine) {
    UNWIND [m IN mine WHERE NOT m.popular] AS m
    WITH m.x AS x, m.a AS a, m.idf AS idf
    MATCH (x)<-[b:MENTIONS|PROPOSES|USES]-(q:Paper)
    WHERE q <> p
    WITH q, x, idf, max(CASE WHEN a < b.score THEN a ELSE b.score END) AS shared
    RETURN q, collect({x: x, s: shared * idf}) AS rare
  }
  CALL (q, mine) {
    UNWIND [m IN mine WHERE m.popular] AS m
    MATCH (q)-[b:MENTIONS|PROPOSES|USES]->(x)
    WHERE x = m.x
    WITH x, m.idf AS idf, max(CASE WHEN m.a < b.score THEN m.a ELSE b.score END) AS shared
    RETURN collect({x: x, s: shared * idf}) AS popular
  }
  WITH q, rare + popular AS parts
  WITH q, reduce(total = 0.0, e IN parts | total + e.s) AS score, [e IN parts | e.x] AS xs
  ORDER BY score DESC, q.id LIMIT $first
  RETURN collect({
    paper: q {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status},
    score: score,
    concepts: [c IN xs WHERE c:Concept | c {.key, .name, .aliases,
               paperCount: COUNT { (c)<-[:MENTIONS]-() }}],
    methods: [m IN xs WHERE m:Method | m {.key, .name, .aliases,
              paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }}]
  }) AS related
}
RETURN id, related
