// The untyped uses (see store_untyped_uses) whose method the graph now knows and the paper
// does not link yet. params: none. returns: use (JSON of a method row, with its matchKey).
MATCH (p:Paper)
WHERE p.untypedKeys IS NOT NULL
UNWIND range(0, size(p.untypedKeys) - 1) AS i
WITH p, i
WHERE EXISTS {
  MATCH (m:Method {key: p.untypedKeys[i]})
  WHERE NOT EXISTS { (p)-[:PROPOSES|USES]->(m) }
}
RETURN p.untypedUses[i] AS use
ORDER BY p.matchKey, i
