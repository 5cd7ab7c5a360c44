// The concepts two papers (each by any of its ids) share, directly or through a broader
// concept, each with the weight relatedPapers gives it:
//   direct (both mention c): min(the two mention scores) * ln(N / df(c)), df(c) c's papers;
//   broader (each reaches b through a different concept of its own, b itself or directly
//   under b, as relatedPapers' broader term): 0.5 * min(...) * ln(N / df(b)), df(b) the mention
//   edges of b and of the concepts directly under it, and a b over $maxBroaderPapers such
//   edges (too general to explain anything) left out.
// params: $paperA, $paperB, $includeBroader (bool), $maxBroaderPapers (int).
// returns: foundA, foundB (bool), shared (list of {concept map, broader (bool), via ([a's
// concept name, b's] for a broader concept, else null), weight}), direct ones first by key.
WITH COUNT { (:Paper) } AS n
OPTIONAL MATCH (a0:Paper {id: $paperA})
OPTIONAL CALL (a0) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN a0 IS NULL THEN [$paperA] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt AS a1 LIMIT 1
}
WITH n, coalesce(a0, a1) AS a
OPTIONAL MATCH (b0:Paper {id: $paperB})
OPTIONAL CALL (b0) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN b0 IS NULL THEN [$paperB] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt AS b1 LIMIT 1
}
WITH n, a, coalesce(b0, b1) AS b
RETURN a IS NOT NULL AS foundA, b IS NOT NULL AS foundB,
       COLLECT {
         MATCH (a)-[ma:MENTIONS]->(c:Concept)
         MATCH (b)-[mb:MENTIONS]->(c)  // two patterns: a = b must share them all
         WITH c, max(CASE WHEN ma.score < mb.score THEN ma.score ELSE mb.score END) AS shared,
              COUNT { (c)<-[:MENTIONS|PROPOSES|USES]-() } AS df
         ORDER BY c.key
         RETURN {concept: c {.key, .name, .aliases, paperCount: df}, broader: false, via: null,
                 weight: shared * log(toFloat(n) / df)} AS row
         UNION ALL
         WITH a, b WHERE $includeBroader
         MATCH (a)-[ma:MENTIONS]->(c1:Concept)-[:BROADER*0..1]->(x:Concept)
         // df(x) summed from degrees, x skipped unread when over the bound (see related_papers)
         WHERE COUNT { (x)<-[:MENTIONS]-() } <= $maxBroaderPapers
           AND COUNT { (x)<-[:BROADER]-() } <= $maxBroaderPapers
         CALL (x) {
           OPTIONAL MATCH (x)<-[:BROADER]-(under)
           RETURN sum(COUNT { (under)<-[:MENTIONS]-() }) AS below
         }
         WITH a, b, x, c1, ma, COUNT { (x)<-[:MENTIONS]-() } + below AS df
         WHERE df < n AND df <= $maxBroaderPapers
         MATCH (x)<-[:BROADER*0..1]-(c2:Concept)<-[mb:MENTIONS]-(b)
         WHERE c2 <> c1
           AND NOT (EXISTS { (a)-[:MENTIONS]->(x) } AND EXISTS { (b)-[:MENTIONS]->(x) })
         WITH x, df, c1, c2, CASE WHEN ma.score < mb.score THEN ma.score ELSE mb.score END AS shared
         ORDER BY shared DESC, c1.key, c2.key
         WITH x, df, head(collect([c1.name, c2.name])) AS via, max(shared) AS shared
         ORDER BY x.key
         RETURN {concept: x {.key, .name, .aliases, paperCount: COUNT { (x)<-[:MENTIONS]-() }},
                 broader: true, via: via, weight: 0.5 * shared * log(toFloat(n) / df)} AS row
       } AS shared
