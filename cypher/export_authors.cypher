// Export: one page of authors, either every author (keyset pages: key > $after) or the given keys.
// params: $after (string, '' for the first page), $limit (int), $keys ([string] or null: all).
// returns: key, labels, props (every property).
MATCH (a:Author)
WHERE a.key > $after AND ($keys IS NULL OR a.key IN $keys)
WITH a ORDER BY a.key LIMIT $limit
RETURN a.key AS key, labels(a) AS labels, properties(a) AS props
