// The topics of each paper (canonical ids): those its concepts belong to, the most (by summed
// mention score) first; batched. params: $ids: [string], $first: int.
// returns: id, topics (list of topic maps with weight).
UNWIND $ids AS id
MATCH (p:Paper {id: id})
RETURN id, COLLECT {
  MATCH (p)-[m:MENTIONS]->(:Concept)-[:IN_TOPIC]->(t:Topic)
  WITH t, sum(m.score) AS weight
  ORDER BY weight DESC, t.rank LIMIT $first
  RETURN t {.id, .name, .conceptCount, .paperCount}
} AS topics
