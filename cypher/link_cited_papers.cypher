// When papers arrive, the CitedWork placeholders named by any of their ids become CITES edges
// to them, and the placeholders go. params: $rows: [{matchKey, ids: [string]}].
// returns: count (placeholders resolved).
UNWIND $rows AS row
MATCH (p:Paper {matchKey: row.matchKey})
MATCH (w:CitedWork) WHERE w.id IN row.ids
CALL (p, w) {
  MATCH (src:Paper)-[:CITES]->(w)
  WHERE src <> p
  MERGE (src)-[:CITES]->(p)
}
WITH DISTINCT w
DETACH DELETE w
RETURN count(*) AS count
