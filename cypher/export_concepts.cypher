// Export: one page of concepts, either every concept (keyset pages: key > $after) or the given keys.
// params: $after (string, '' for the first page), $limit (int), $keys ([string] or null: all).
// returns: key, labels, props (every property).
MATCH (c:Concept)
WHERE c.key > $after AND ($keys IS NULL OR c.key IN $keys)
WITH c ORDER BY c.key LIMIT $limit
RETURN c.key AS key, labels(c) AS labels, properties(c) AS props
