// The graph around a paper (by any of its ids), for a frontend view. The graph is bipartite
// (papers link to concepts and methods), so rings alternate: hop 1 = its concepts and methods,
// hop 2 = the papers sharing them (most shared first), hop 3 = those papers' other concepts and
// methods (most linked first). Nodes are taken ring by ring up to $limit (start first); edges are
// every MENTIONS/PROPOSES/USES/RELATED_TO relationship among the chosen nodes. Bounded at
// scale: hop 2 reads at most 1,000 papers of each concept or method (a sample, in store order,
// of one a fifth of the graph mentions; all of them on smaller graphs).
// params: $id, $hops (1..3), $limit (max nodes).
// returns: nodes (list of {elementId, kind, key, label, depth}),
// edges (list of {source, target (elementIds), type, weight}); no row when the paper is missing.
OPTIONAL MATCH (byId:Paper {id: $id})
OPTIONAL CALL (byId) {
  WITH byId WHERE byId IS NULL
  MATCH (alt:Paper) WHERE $id IN alt.altIds
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
  CALL (e, start) {
    MATCH (e)<-[:MENTIONS|PROPOSES|USES]-(p:Paper)
    WHERE p <> start
    RETURN p LIMIT 1000
  }
  WITH p, count(DISTINCT e) AS shared ORDER BY shared DESC, p.id LIMIT $limit
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
         UNWIND members AS a
         MATCH (a)-[r:MENTIONS|PROPOSES|USES|RELATED_TO]->(b)
         WHERE b IN members
         RETURN {source: elementId(a), target: elementId(b), type: type(r),
                 weight: toFloat(coalesce(r.score, r.weight))}
       } AS edges
