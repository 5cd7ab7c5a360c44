// The papers nearest to a draft that is not in the graph (analyzeText), ranked as
// related_papers ranks a paper's: the draft's concepts and methods found in the graph,
//   sum of min(draft score, paper's edge score) * ln(N / df(x)),
// + 0.5 * the same over each draft concept's broader concept in the graph ($broader: papers
//   mentioning it or a concept directly under it, other than the draft's own concepts; skipped
//   over $maxBroaderPapers mention edges),
// + (cos - typical) / (1 - typical) when the draft's embedding is nearer to a paper than its mean
//   cosine to $typicalSample papers; candidates include the $first nearest by embedding.
// params: $concepts, $methods: [{key, score}], $broader: [{key, via (draft concept name),
// score}], $conceptKeys: [string], $embedding: [float], $first, $maxBroaderPapers,
// $typicalSample. returns: related (list of maps as in related_papers, with typical).
WITH COUNT { (:Paper) } AS n
CALL () {
  OPTIONAL MATCH (o:Paper) WHERE o.embedding IS NOT NULL
  WITH o LIMIT $typicalSample
  RETURN coalesce(avg(2 * vector.similarity.cosine($embedding, o.embedding) - 1), 0.0) AS typical
}
CALL (n) {
  UNWIND $concepts AS e
  MATCH (x:Concept {key: e.key})
  WITH x, e, log(toFloat(n) / COUNT { (x)<-[:MENTIONS]-() }) AS idf
  MATCH (x)<-[b:MENTIONS]-(q:Paper)
  RETURN q, x, CASE WHEN e.score < b.score THEN e.score ELSE b.score END * idf AS weight,
         null AS via
  UNION ALL
  UNWIND $methods AS e
  MATCH (x:Method {key: e.key})
  WITH x, e, log(toFloat(n) / COUNT { (x)<-[:PROPOSES|USES]-() }) AS idf
  MATCH (x)<-[b:PROPOSES|USES]-(q:Paper)
  WITH q, x, idf, max(CASE WHEN e.score < b.score THEN e.score ELSE b.score END) AS shared
  RETURN q, x, shared * idf AS weight, null AS via
  UNION ALL
  UNWIND $broader AS e
  MATCH (x:Concept {key: e.key})
  // df(x) summed from degrees, x skipped unread when over the bound (see related_papers)
  WHERE COUNT { (x)<-[:MENTIONS]-() } <= $maxBroaderPapers
    AND COUNT { (x)<-[:BROADER]-() } <= $maxBroaderPapers
  CALL (x) {
    OPTIONAL MATCH (x)<-[:BROADER]-(under)
    RETURN sum(COUNT { (under)<-[:MENTIONS]-() }) AS below
  }
  WITH x, e, COUNT { (x)<-[:MENTIONS]-() } + below AS df
  WHERE df < n AND df <= $maxBroaderPapers
  MATCH (x)<-[:BROADER*0..1]-(c2:Concept)<-[b:MENTIONS]-(q:Paper)
  WHERE NOT c2.key IN $conceptKeys
  WITH q, x, df, e, c2, CASE WHEN e.score < b.score THEN e.score ELSE b.score END AS shared
  ORDER BY shared DESC
  WITH q, x, df, head(collect([e.via, c2.name])) AS via, max(shared) AS shared
  RETURN q, x, 0.5 * shared * log(toFloat(n) / df) AS weight, via
  UNION ALL
  CALL db.index.vector.queryNodes('paper_embedding', $first, $embedding) YIELD node AS q
  RETURN q, null AS x, 0.0 AS weight, null AS via
}
WITH typical, q, sum(weight) AS evidence,
     collect(CASE WHEN via IS NULL THEN x END) AS xs,
     collect(CASE WHEN via IS NOT NULL THEN {concept: x, via: via} END) AS up
WITH typical, q, evidence, xs, up,
     CASE WHEN q.embedding IS NULL THEN null
          ELSE 2 * vector.similarity.cosine($embedding, q.embedding) - 1 END AS cosine
WITH typical, q, xs, up, evidence, CASE WHEN cosine > typical THEN cosine END AS similarity
WITH typical, q, xs, up, similarity,
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
            paperCount: COUNT { (b)<-[:MENTIONS]-() }}][0]}]
}) AS related
