// Export: one page of topics, either every topic (keyset pages: id > $after) or the given ids.
// params: $after (string, '' for the first page), $limit (int), $keys ([string] or null: all).
// returns: key (the id), labels, props (every property).
MATCH (t:Topic)
WHERE t.id > $after AND ($keys IS NULL OR t.id IN $keys)
WITH t ORDER BY t.id LIMIT $limit
RETURN t.id AS key, labels(t) AS labels, properties(t) AS props
