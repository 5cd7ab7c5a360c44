// Delete the given authors that no longer wrote any paper. params: $keys: [string].
// returns: count (authors deleted).
UNWIND $keys AS key
MATCH (a:Author {key: key})
WHERE NOT (a)-[:WROTE]->()
DELETE a
RETURN count(*) AS count
