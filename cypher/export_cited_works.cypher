// Export: one page of CitedWorks (cited, not loaded), either every one (keyset pages: id > $after)
// or the given ids. params: $after (string, '' for the first page), $limit (int), $keys ([string]
// or null: all). returns: key (the id), labels, props (every property).
MATCH (w:CitedWork)
WHERE w.id > $after AND ($keys IS NULL OR w.id IN $keys)
WITH w ORDER BY w.id LIMIT $limit
RETURN w.id AS key, labels(w) AS labels, properties(w) AS props
