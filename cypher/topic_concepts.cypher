// The concepts of each topic, most central first; batched.
// params: $ids: [string], $first: int. returns: id, concepts (concept maps).
UNWIND $ids AS id
MATCH (t:Topic {id: id})
RETURN id, COLLECT {
  MATCH (t)<-[r:IN_TOPIC]-(c:Concept)
  WITH c, r ORDER BY r.centrality DESC, c.key LIMIT $first
  RETURN c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }}
} AS concepts
