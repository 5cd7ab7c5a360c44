// The graph around a paper (by any of its ids), for a frontend view. The graph is bipartite
// (papers link to concepts and methods), so rings alternate: hop 1 = its concepts and methods,
// hop 2 = the papers sharing them (most shared first), hop 3 = those papers' other concepts and
// methods (most linked first). Nodes are taken ring by ring up to $limit (start first); edges are
// every MENTIONS/PROPOSES/USES/RELATED_TO relationship among the chosen nodes.
// Bounded at scale, a concept a fifth of the graph mentions is never expanded whole (capped):
// hop 2 reads the papers of the paper's most specific concepts and methods (fewest papers
// first) whole while they add up to at most $maxPapers (the most specific one alone is capped
// at $maxPapers, a sample in store order); the broader ones are not expanded but looked up from
// the candidates' side: the 2 * $limit papers sharing the most specific ones are each checked
// for them, which costs each candidate's own edges. A paper sharing only broad nodes is left
// out.
// Edges are read from the chosen papers (a paper's own edges) and, for RELATED_TO, looked up
// by key (the related_pair index) for each chosen method and concept: reading a chosen concept's
// RELATED_TO edges read every method a hot concept is related to, which grows with the graph.
// The id's lookup scans the papers' altIds only when no paper has the id.
// params: $id, $hops (1..3), $limit (max nodes), $maxPapers (papers hop 2 expands).
// returns: nodes (list of {elementId, kind, key, label, depth}),
// edges (list of {source, target (elementIds), type, weight}); no row when the paper is missing.
OPTIONAL MATCH (byId:Paper {id: $id})
OPTIONAL CALL (byId) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN byId IS NULL THEN [$id] ELSE [] END AS id
  MATCH (alt:Paper) WHERE id IN alt.altIds
  RETURN alt LIMIT 1
}
WITH coalesce(byId, alt) AS start
WHERE start IS NOT NULL
CALL (start) {
  OPTIONAL MATCH (start)-[r:MENTIONS|PROPOSES|USES]->(e)
  WITH e, max(r.score) AS score ORDER BY score DESC, e.key LIMIT $limit
  RETURN collect(e) AS ring1
}
CALL (start, ring1) {
  UNWIND CASE WHEN $hops >= 2 THEN ring1 ELSE [] END AS e
  WITH e, COUNT { (e)<-[:MENTIONS|PROPOSES|USES]-() } AS papers ORDER BY papers, e.key
  WITH collect(e) AS bySize, collect(papers) AS sizes
  WITH bySize, size([i IN range(0, size(sizes) - 1)
                     WHERE reduce(total = 0, n IN sizes[..i + 1] | total + n) <= $maxPapers]) AS fit
  WITH bySize[..CASE WHEN fit = 0 THEN 1 ELSE fit END] AS read,
       bySize[CASE WHEN fit = 0 THEN 1 ELSE fit END..] AS checked
  UNWIND read AS e
  CALL (e, start) {
    MATCH (e)<-[:MENTIONS|PROPOSES|USES]-(p)
    WHERE p <> start
    RETURN p LIMIT $maxPapers
  }
  WITH p, count(DISTINCT e) AS shared, checked
  ORDER BY shared DESC, p.id LIMIT 2 * $limit
  WITH p, shared + COUNT { (p)-[:MENTIONS|PROPOSES|USES]->(b) WHERE b IN checked } AS shared
  ORDER BY shared DESC, p.id LIMIT $limit
  RETURN collect(p) AS ring2
}
CALL (ring1, ring2) {
  UNWIND CASE WHEN $hops >= 3 THEN ring2 ELSE [] END AS p
  MATCH (p)-[:MENTIONS|PROPOSES|USES]->(e)
  WHERE NOT e IN ring1
  WITH e, count(DISTINCT p) AS links ORDER BY links DESC, e.key LIMIT $limit
  RETURN collect(e) AS ring3
}
WITH ([{n: start, depth: 0}] + [n IN ring1 | {n: n, depth: 1}] + [n IN ring2 | {n: n, depth: 2}]
      + [n IN ring3 | {n: n, depth: 3}])[..$limit] AS chosen
WITH chosen, [c IN chosen | c.n] AS members
RETURN [c IN chosen | {
         elementId: elementId(c.n), key: coalesce(c.n.id, c.n.key),
         label: coalesce(c.n.title, c.n.label, c.n.name), depth: c.depth,
         kind: CASE WHEN c.n:Paper THEN 'PAPER' WHEN c.n:Concept THEN 'CONCEPT' ELSE 'METHOD' END
       }] AS nodes,
       COLLECT {
         UNWIND [n IN members WHERE n:Paper] AS a
         MATCH (a)-[r:MENTIONS|PROPOSES|USES]->(b)
         WHERE b IN members
         RETURN {source: elementId(a), target: elementId(b), type: type(r),
                 weight: toFloat(r.score)} AS edge
         UNION ALL
         UNWIND [n IN members WHERE n:Method] AS a
         UNWIND [n IN members WHERE n:Concept] AS b
         // a seek a pair (a plan made on a small graph may otherwise scan the edges)
         MATCH ()-[r:RELATED_TO]->()
           USING INDEX SEEK r:RELATED_TO(pair)
           WHERE r.pair = id(a) * 4294967296 + id(b)
         RETURN {source: elementId(a), target: elementId(b), type: type(r),
                 weight: toFloat(r.weight)} AS edge
       } AS edges
