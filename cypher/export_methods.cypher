// Export: one page of methods, either every method (keyset pages: key > $after) or the given keys,
// with their outgoing RELATED_TO and VARIANT_OF relationships (a RELATED_TO its weight, not the
// key the writes find it by; a VARIANT_OF keeps its paperId and evidence properties).
// params: $after (string, '' for the first page), $limit (int), $keys ([string] or null: all).
// returns: key, labels, props (every property), edges ([{type, label ('Concept' or 'Method'),
//   key, props}]).
MATCH (m:Method)
WHERE m.key > $after AND ($keys IS NULL OR m.key IN $keys)
WITH m ORDER BY m.key LIMIT $limit
RETURN m.key AS key, labels(m) AS labels, properties(m) AS props,
       COLLECT {
         MATCH (m)-[r:RELATED_TO]->(c:Concept)
         RETURN {type: type(r), label: 'Concept', key: c.key, props: r {.weight}}
       } + COLLECT {
         MATCH (m)-[r:VARIANT_OF]->(b:Method)
         RETURN {type: type(r), label: 'Method', key: b.key, props: properties(r)}
       } AS edges
