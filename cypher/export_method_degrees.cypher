// Export: the next methods in key order (every method: keyset pages, key > $after; or the given
// keys) with how many relationships each carries into the export (RELATED_TO and VARIANT_OF, read
// off the degree store), so that a page of methods is cut by its relationships, not its count.
// params: $after (string, '' for the first page), $limit (int), $keys ([string] or null: all).
// returns: key, edges.
MATCH (m:Method)
WHERE m.key > $after AND ($keys IS NULL OR m.key IN $keys)
WITH m ORDER BY m.key LIMIT $limit
RETURN m.key AS key, COUNT { (m)-[:RELATED_TO|VARIANT_OF]->() } AS edges
