// Papers related to each given paper, best first; batched over papers. Ranking:
//   score(p, q) = sum over entities x (concepts and methods) linked to both p and q of
//                 min(score of p's edge to x, score of q's edge to x) * ln(N / df(x))
//               + 0.5 * the same sum over broader concepts b the two reach through different
//                 concepts (p's c1 and q's c2, each b itself or directly under b, BROADER), with
//                 df(b) the mention edges of b and of the concepts directly under it; a b over
//                 $maxBroaderPapers such edges is too general to explain a relation and skipped
//               + how much more alike the two papers' embeddings are than is typical:
//                 (cos - typical) / (1 - typical) when cos > typical, where typical is p's mean
//                 cosine to $typicalSample other papers (abstract embeddings share a common
//                 direction, so a raw cosine of 0.8 can be what any two papers score)
//               + $citationWeight * ln(N / citers(w)) for each work w both cite (bibliographic
//                 coupling; w a Paper or a CitedWork), citers(w) the papers citing w
//               + $citationWeight * ln(N / cited(c)) for each paper c citing both (co-citation),
//                 cited(c) the loaded papers c cites (a survey citing everything counts little)
// where N is the number of papers and df(x) the number of papers linked to x, so rare shared
// concepts weigh more than ubiquitous ones and an entity in every paper weighs nothing. The
// candidates are the papers sharing a concept, method, broader concept, reference or citer,
// and the paper's $first nearest by embedding (vector index paper_embedding), so a paper
// sharing no concept is still related by how alike the abstracts read, and says so.
// The similarity term is at most 1, so a candidate whose evidence is more than 1 below the
// $first-th best evidence cannot reach the top $first: only the others have their embedding
// read and their cosine computed (exact: the same answers; reading every candidate's
// embedding was most of the statement's time on papers with hundreds of candidates).
// df(x) is worked out once per entity of the paper, as x's degree: only papers have MENTIONS,
// PROPOSES and USES relationships, so no label check on their other end, which lets Neo4j read
// the count off a dense node instead of visiting its papers (the paperCount of the other
// statements is counted the same way). Papers sharing popular concepts: p95 41 -> 5 ms.
// Bounded at scale, so a call costs the same in a graph of any size: an entity linked to more
// than $maxExpandedPapers papers is not expanded (capped): it scores the candidates the other
// terms find, each checked for an edge to it, but brings none of its own: the papers it alone
// would bring share little else, and a common entity's papers grow with the graph. One linked
// to more than $maxSharedPapers (a concept a fifth of a big graph mentions) adds nothing to
// any score: its ln(N / df) is small. A candidate's own edges are read once and matched against
// those common entities (not one lookup per entity), and a broader concept's df is summed from
// degrees, skipped unread when its own mention edges or the concepts under it (each mentioned
// at least once: a concept no paper mentions is deleted) are over the bound: at 100,000
// papers the lookups and the walk of every mention under a broad concept were most of the
// statement's db hits. The same bound holds for citations: a work
// cited by more than $maxSharedPapers papers (a hot paper), or a paper citing more than that
// many works, is not expanded, and of p's citers only the $maxCiters citing fewest works (the
// most specific) are: a paper cited by thousands would otherwise read each one's references.
// A paper is found by its id, else by one of its altIds (in the same statement, so the API
// answers relatedPapers in one round trip).
// params: $ids: [string] (any of the papers' ids), $first: int (per paper), $maxBroaderPapers,
// $maxExpandedPapers, $maxSharedPapers, $typicalSample, $maxCiters: int, $citationWeight: float.
// returns: id (as asked), related (list of {paper map, score, concepts, methods, broader (list
// of {concept map, via: [p's concept name, q's concept name]}), similarity (cosine, or null when
// not above typical), typical, references (list of {id, paper map or null, weight}: works both
// cite), coCitedBy (list of {paper map, weight}: papers citing both)}); no
// row for an id that names no paper.
WITH COUNT { (:Paper) } AS n
UNWIND $ids AS id
OPTIONAL MATCH (byId:Paper {id: id})
OPTIONAL CALL (id, byId) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN byId IS NULL THEN [id] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt LIMIT 1
}
WITH n, id, coalesce(byId, alt) AS p
WHERE p IS NOT NULL
CALL (p) {
  OPTIONAL MATCH (o:Paper) WHERE o.embedding IS NOT NULL AND o <> p AND p.embedding IS NOT NULL
  WITH o LIMIT $typicalSample
  RETURN coalesce(avg(2 * vector.similarity.cosine(p.embedding, o.embedding) - 1), 0.0)
         AS typical
}
CALL (p, n) {
  MATCH (p)-[a:MENTIONS|PROPOSES|USES]->(x)
  WITH x, max(a.score) AS score, COUNT { (x)<-[:MENTIONS|PROPOSES|USES]-() } AS df
  WHERE $maxExpandedPapers < df <= $maxSharedPapers
  RETURN collect({x: x, score: score, idf: log(toFloat(n) / df)}) AS common
}
CALL (p, n, typical, common) {
  CALL (p, n) {
    MATCH (p)-[a:MENTIONS|PROPOSES|USES]->(x)
    WITH x, a, COUNT { (x)<-[:MENTIONS|PROPOSES|USES]-() } AS df
    WHERE df <= $maxExpandedPapers
    WITH x, a, log(toFloat(n) / df) AS idf
    MATCH (x)<-[b:MENTIONS|PROPOSES|USES]-(q:Paper)
    WHERE q <> p
    WITH q, x, idf, max(CASE WHEN a.score < b.score THEN a.score ELSE b.score END) AS shared
    RETURN q, x, shared * idf AS weight, null AS via, 'shared' AS kind
    UNION ALL
    MATCH (p)-[a:MENTIONS]->(c1:Concept)-[:BROADER*0..1]->(x:Concept)
    WHERE COUNT { (x)<-[:MENTIONS]-() } <= $maxBroaderPapers
      AND COUNT { (x)<-[:BROADER]-() } <= $maxBroaderPapers
    CALL (x) {
      OPTIONAL MATCH (x)<-[:BROADER]-(under)
      RETURN sum(COUNT { (under)<-[:MENTIONS]-() }) AS below
    }
    WITH x, c1, a, COUNT { (x)<-[:MENTIONS]-() } + below AS df,
         EXISTS { (p)-[:MENTIONS]->(x) } AS pMentionsX
    WHERE df < n AND df <= $maxBroaderPapers
    MATCH (x)<-[:BROADER*0..1]-(c2:Concept)<-[b:MENTIONS]-(q:Paper)
    WHERE q <> p AND c2 <> c1
      AND NOT (pMentionsX AND EXISTS { (q)-[:MENTIONS]->(x) })
    WITH q, x, df, c1, c2, CASE WHEN a.score < b.score THEN a.score ELSE b.score END AS shared
    ORDER BY shared DESC
    WITH q, x, df, head(collect([c1.name, c2.name])) AS via, max(shared) AS shared
    RETURN q, x, 0.5 * shared * log(toFloat(n) / df) AS weight, via, 'broader' AS kind
    UNION ALL
    MATCH (p)-[:CITES]->(x)
    WITH x, COUNT { (x)<-[:CITES]-() } AS df
    WHERE df <= $maxSharedPapers
    MATCH (x)<-[:CITES]-(q:Paper)
    WHERE q <> p
    RETURN q, x, $citationWeight * log(toFloat(n) / df) AS weight, null AS via,
           'reference' AS kind
    UNION ALL
    MATCH (p)<-[:CITES]-(x:Paper)
    WITH x, COUNT { (x)-[:CITES]->() } AS refs
    WHERE refs <= $maxSharedPapers
    WITH x ORDER BY refs, x.id LIMIT $maxCiters
    WITH x, COUNT { (x)-[:CITES]->(:Paper) } AS df
    MATCH (x)-[:CITES]->(q:Paper)
    WHERE q <> p
    RETURN q, x, $citationWeight * log(toFloat(n) / df) AS weight, null AS via,
           'cocited' AS kind
    UNION ALL
    WITH p WHERE p.embedding IS NOT NULL
    CALL db.index.vector.queryNodes('paper_embedding', $first + 1, p.embedding)
      YIELD node AS q
    WITH q WHERE q <> p
    RETURN q, null AS x, 0.0 AS weight, null AS via, 'similar' AS kind
  }
  WITH q, sum(weight) AS evidence,
       collect(CASE WHEN kind = 'shared' THEN x END) AS xs,
       collect(CASE WHEN kind = 'broader' THEN {concept: x, via: via} END) AS up,
       collect(CASE WHEN kind = 'reference' THEN {work: x, weight: weight} END) AS refs,
       collect(CASE WHEN kind = 'cocited' THEN {paper: x, weight: weight} END) AS citers
  CALL (q, common) {
    MATCH (q)-[b:MENTIONS|PROPOSES|USES]->(x)
    WHERE x IN [e IN common | e.x]
    WITH x, max(b.score) AS score
    WITH x, score, [e IN common WHERE e.x = x][0] AS e
    WITH coalesce(sum(CASE WHEN e.score < score THEN e.score ELSE score END * e.idf), 0.0)
           AS more, collect(x) AS found
    RETURN more, [e IN common WHERE e.x IN found | e.x] AS also
  }
  WITH q, evidence + more AS evidence, xs + also AS xs, up, refs, citers
  ORDER BY evidence DESC
  WITH typical, collect({q: q, evidence: evidence, xs: xs, up: up, refs: refs, citers: citers})
       AS candidates
  WITH typical, candidates, coalesce(candidates[$first - 1].evidence, 0.0) - 1.0 AS floor
  UNWIND [c IN candidates WHERE c.evidence >= floor] AS c
  WITH c.q AS q, c.evidence AS evidence, c.xs AS xs, c.up AS up, c.refs AS refs,
       c.citers AS citers, typical
  WITH q, evidence, xs, up, refs, citers, typical,
       CASE WHEN p.embedding IS NULL OR q.embedding IS NULL THEN null
            ELSE 2 * vector.similarity.cosine(p.embedding, q.embedding) - 1 END AS cosine
  WITH q, xs, up, refs, citers, typical, evidence,
       CASE WHEN cosine > typical THEN cosine END AS similarity
  WITH q, xs, up, refs, citers, typical, similarity,
       evidence + coalesce((similarity - typical) / (1 - typical), 0.0) AS score
  WHERE score > 0
  ORDER BY score DESC, q.id LIMIT $first
  RETURN collect({
    paper: q {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url},
    score: score,
    similarity: similarity,
    typical: typical,
    concepts: [c IN xs WHERE c:Concept | c {.key, .name, .aliases,
               paperCount: COUNT { (c)<-[:MENTIONS]-() }}],
    methods: [m IN xs WHERE m:Method | m {.key, .name, .aliases, .kind,
              paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }}],
    broader: [u IN up | {via: u.via, concept: [b IN [u.concept] | b {.key, .name, .aliases,
              paperCount: COUNT { (b)<-[:MENTIONS]-() }}][0]}],
    references: [r IN refs | {id: r.work.id, weight: r.weight,
                 paper: [w IN [r.work] WHERE w:Paper | w {.id, .label, .abstract, .title, .year,
                        .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}][0]}],
    coCitedBy: [c IN citers | {weight: c.weight, paper: [x IN [c.paper] | x {.id, .label,
                .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}][0]}]
  }) AS related
}
RETURN id, related
