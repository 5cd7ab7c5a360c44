// Link papers to the methods they propose or use, creating Method nodes as needed; each
// touched method is flagged relatedStale so refresh_method_concepts recomputes its RELATED_TO
// edges once, after the load, instead of once per batch.
// Each edge carries its evidence (where the name is written; see graph.writes.Evidence).
// params: $rows: [{matchKey, key, name, aliases, score, kind ('PROPOSES'|'USES'), extractor,
//   evidence (map of edge properties, possibly empty)}].
// returns: count.
UNWIND $rows AS row
MATCH (p:Paper {matchKey: row.matchKey})
MERGE (m:Method {key: row.key})
  ON CREATE SET m.name = row.name, m.aliases = row.aliases
  ON MATCH SET m.aliases = m.aliases + [a IN row.aliases WHERE NOT a IN m.aliases]
SET m.relatedStale = true
FOREACH (_ IN CASE WHEN row.kind = 'PROPOSES' THEN [1] ELSE [] END |
  CREATE (p)-[r:PROPOSES {score: row.score, extractor: row.extractor}]->(m) SET r += row.evidence)
FOREACH (_ IN CASE WHEN row.kind = 'USES' THEN [1] ELSE [] END |
  CREATE (p)-[r:USES {score: row.score, extractor: row.extractor}]->(m) SET r += row.evidence)
RETURN count(*) AS count
