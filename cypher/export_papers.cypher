// Export: one page of papers (ordered by id, after $after) that match every given filter, with
// their outgoing MENTIONS / PROPOSES / USES / CITES / HAS_TOPIC relationships and their authors'
// WROTE relationships. A null filter matches everything.
// params: $after (string, '' for the first page), $limit (int), $ids ([string] or null),
//   $concept, $method (key, name or alias, case-insensitive; or null), $year (int or null),
//   $venue (string, case-insensitive; or null), $embeddings (bool: keep the embedding property).
// returns: id, labels, props (every property but the load's bookkeeping, the listing's sort
//   keys and the search's authorText, which are not the paper's data; embedding null unless
//   asked),
//   edges ([{type, label ('Concept'|'Method'|'Paper'|'CitedWork'|'Topic'), key (a Paper's,
//   CitedWork's or Topic's id), props (but a mention's listing keys and a HAS_TOPIC's topicId
//   and year: copies of other nodes' data, see merge_mentions and write_paper_topics)}]),
//   authors ([{key, props}]: each author's WROTE relationship).
MATCH (p:Paper)
WHERE p.id > $after
  AND ($ids IS NULL OR p.id IN $ids)
  AND ($year IS NULL OR p.year = $year)
  AND ($venue IS NULL OR toLower(p.venue) = toLower($venue))
  AND ($concept IS NULL OR EXISTS {
    MATCH (p)-[:MENTIONS]->(c:Concept)
    WHERE c.key = $concept OR toLower(c.name) = toLower($concept)
       OR any(a IN c.aliases WHERE toLower(a) = toLower($concept))
  })
  AND ($method IS NULL OR EXISTS {
    MATCH (p)-[:PROPOSES|USES]->(m:Method)
    WHERE m.key = $method OR toLower(m.name) = toLower($method)
       OR any(a IN m.aliases WHERE toLower(a) = toLower($method))
  })
WITH p ORDER BY p.id LIMIT $limit
RETURN p.id AS id, labels(p) AS labels,
       p {.*, embedding: CASE WHEN $embeddings THEN p.embedding END, untypedKeys: null,
          untypedUses: null, resolvePending: null, sortTitle: null, sortNewest: null,
          sortOldest: null, authorText: null} AS props,
       COLLECT {
         MATCH (p)-[r:MENTIONS|PROPOSES|USES|CITES]->(t)
         RETURN {type: type(r),
                 label: CASE WHEN t:Concept THEN 'Concept' WHEN t:Method THEN 'Method'
                             WHEN t:Paper THEN 'Paper' ELSE 'CitedWork' END,
                 key: coalesce(t.key, t.id),
                 props: r {.*, conceptKey: null, sortScore: null, sortNewest: null,
                           sortOldest: null, sortTitle: null, paperId: null}}
       } + COLLECT {
         MATCH (p)-[r:HAS_TOPIC]->(t:Topic)
         RETURN {type: type(r), label: 'Topic', key: t.id, props: r {.weight}}
       } AS edges,
       COLLECT {
         MATCH (a:Author)-[w:WROTE]->(p)
         RETURN {key: a.key, props: properties(w)}
       } AS authors
