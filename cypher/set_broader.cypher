// Point each concept at its broader concept (or at none), replacing an earlier one, and mark it
// placed (broaderPending removed). broaderKey is set only when the broader concept exists.
// params: $rows: [{key, broader (string or null)}]. returns: placed.
UNWIND $rows AS row
MATCH (c:Concept {key: row.key})
OPTIONAL MATCH (b:Concept {key: row.broader})
CALL (c, b) {
  OPTIONAL MATCH (c)-[old:BROADER]->(other)
  WHERE b IS NULL OR other <> b
  DELETE old
}
CALL (c, b) {
  WITH c, b WHERE b IS NOT NULL
  MERGE (c)-[:BROADER]->(b)
}
SET c.broaderChecked = true, c.broaderKey = b.key
REMOVE c.broaderPending
RETURN count(*) AS placed
