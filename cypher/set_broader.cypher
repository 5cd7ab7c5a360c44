// Point each concept at its broader concept (or at none), replacing an earlier one, and mark it
// placed (broaderPending removed). The relationship keeps why: the rule (reason: head,
// similarity or acronym) and the cosine of the two names that let it pass (score, or null).
// A link that would close a cycle (the broader concept already sits under this one) is not
// made. broaderKey is set only when the link is made.
// params: $rows: [{key, broader (string or null), reason, score}]. returns: placed.
UNWIND $rows AS row
MATCH (c:Concept {key: row.key})
OPTIONAL MATCH (found:Concept {key: row.broader})
WITH c, row, CASE WHEN found IS NULL OR EXISTS { (found)-[:BROADER*1..]->(c) } THEN null
  ELSE found END AS b
CALL (c, b) {
  OPTIONAL MATCH (c)-[old:BROADER]->(other)
  WHERE b IS NULL OR other <> b
  DELETE old
}
CALL (c, b, row) {
  WITH c, b, row WHERE b IS NOT NULL
  MERGE (c)-[link:BROADER]->(b)
  SET link.reason = row.reason, link.score = row.score
}
SET c.broaderChecked = true, c.broaderKey = b.key
REMOVE c.broaderPending
RETURN count(*) AS placed
