// Link papers to their concepts, creating Concept nodes as needed and growing their aliases.
// A key that names a Method is never made a Concept.
// params: $rows: [{matchKey, key, name, aliases, score, rank, source, extractor}]. returns: count.
UNWIND $rows AS row
MATCH (p:Paper {matchKey: row.matchKey})
WITH p, row
WHERE NOT EXISTS { MATCH (:Method {key: row.key}) }
MERGE (c:Concept {key: row.key})
  ON CREATE SET c.name = row.name, c.aliases = row.aliases
  ON MATCH SET c.aliases = c.aliases + [a IN row.aliases WHERE NOT a IN c.aliases]
CREATE (p)-[:MENTIONS {score: row.score, rank: row.rank, source: row.source, extractor: row.extractor}]->(c)
RETURN count(*) AS count
