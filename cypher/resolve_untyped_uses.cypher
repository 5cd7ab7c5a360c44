// The untyped uses (see store_untyped_uses) whose method the graph now knows and the paper does
// not link yet. Only what changed since the last resolution is read (pending_resolution), so a
// load costs what it wrote, not the size of the graph: the papers left waiting ($matchKeys)
// against the methods now known, and the papers waiting for a method a load typed or touched
// ($methods, found through the full-text index paper_untyped_text; phrase is the key as an
// escaped Lucene phrase, null for a
// key no full-text query can find, and the key itself is checked).
// At most $limit uses: a name a fifth of the graph uses untyped is linked over several rounds.
// params: $matchKeys: [string], $methods: [{key, phrase}], $limit. returns: matchKey, year (the
// paper's), use (JSON of a method row), expansionKeys (the method's, for
// merge_concepts_into_methods).
CALL () {
  UNWIND $matchKeys AS matchKey
  MATCH (p:Paper {matchKey: matchKey})
  UNWIND range(0, size(p.untypedKeys) - 1) AS i
  WITH p, i
  WHERE EXISTS { MATCH (:Method {key: p.untypedKeys[i]}) }
  RETURN p, i
  UNION
  UNWIND $methods AS method
  WITH method
  WHERE method.phrase IS NOT NULL
  CALL db.index.fulltext.queryNodes('paper_untyped_text', method.phrase) YIELD node AS p
  UNWIND range(0, size(p.untypedKeys) - 1) AS i
  WITH p, i, method
  WHERE p.untypedKeys[i] = method.key
  RETURN p, i
}
WITH p, i
WHERE NOT EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: p.untypedKeys[i]}) }
RETURN p.matchKey AS matchKey, p.year AS year, p.untypedUses[i] AS use,
       COLLECT { MATCH (m:Method {key: p.untypedKeys[i]}) RETURN m.expansionKeys }[0]
         AS expansionKeys
ORDER BY p.matchKey, i
LIMIT $limit
