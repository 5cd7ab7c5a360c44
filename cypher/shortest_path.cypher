// The shortest chain between two papers (each by any of its ids) through concepts and methods,
// at most 6 relationships (the literal bound); $maxHops (<= 6) trims it further: the shortest
// path is the shortest, so when it is longer than $maxHops there is none within $maxHops.
// params: $fromPaper, $toPaper, $maxHops.
// returns: foundFrom, foundTo (bool), nodes (list of {elementId, kind, key, label}) and
// edges (list of {source, target (elementIds), type, weight}), both in path order; nodes is null
// when there is no path within $maxHops.
OPTIONAL MATCH (a0:Paper {id: $fromPaper})
OPTIONAL CALL (a0) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN a0 IS NULL THEN [$fromPaper] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt AS a1 LIMIT 1
}
WITH coalesce(a0, a1) AS a
OPTIONAL MATCH (b0:Paper {id: $toPaper})
OPTIONAL CALL (b0) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN b0 IS NULL THEN [$toPaper] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt AS b1 LIMIT 1
}
WITH a, coalesce(b0, b1) AS b
OPTIONAL CALL (a, b) {
  WITH a, b WHERE a <> b
  MATCH path = shortestPath((a)-[:MENTIONS|PROPOSES|USES|RELATED_TO*..6]-(b))
  RETURN path
}
WITH a, b, CASE
  WHEN a IS NULL OR b IS NULL THEN null
  WHEN a = b THEN {nodes: [a], edges: []}
  WHEN path IS NULL OR length(path) > $maxHops THEN null
  ELSE {nodes: nodes(path), edges: relationships(path)}
END AS found
RETURN a IS NOT NULL AS foundFrom, b IS NOT NULL AS foundTo,
       [n IN found.nodes | {
         elementId: elementId(n), key: coalesce(n.id, n.key),
         label: coalesce(n.title, n.label, n.name),
         kind: CASE WHEN n:Paper THEN 'PAPER' WHEN n:Concept THEN 'CONCEPT' ELSE 'METHOD' END
       }] AS nodes,
       [r IN found.edges | {
         source: elementId(startNode(r)), target: elementId(endNode(r)), type: type(r),
         weight: toFloat(coalesce(r.score, r.weight))
       }] AS edges
