// Export: one page of concepts, either every concept (keyset pages: key > $after) or the given keys,
// with their outgoing BROADER (to the broader concept) and IN_TOPIC (to the topic it belongs to)
// relationships. params: $after (string, '' for the first page), $limit (int), $keys ([string]
// or null: all). returns: key, labels, props (every property), edges ([{type, label ('Concept'
// or 'Topic'), key (a Concept's key or a Topic's id), props}]).
MATCH (c:Concept)
WHERE c.key > $after AND ($keys IS NULL OR c.key IN $keys)
WITH c ORDER BY c.key LIMIT $limit
RETURN c.key AS key, labels(c) AS labels, properties(c) AS props,
       COLLECT {
         MATCH (c)-[r:BROADER]->(b:Concept)
         RETURN {type: type(r), label: 'Concept', key: b.key, props: properties(r)}
       } + COLLECT {
         MATCH (c)-[r:IN_TOPIC]->(t:Topic)
         RETURN {type: type(r), label: 'Topic', key: t.id, props: properties(r)}
       } AS edges
