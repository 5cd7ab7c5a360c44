// The topics of each paper (canonical ids): those its concepts belong to, the most (by summed
// mention score, the weight of its HAS_TOPIC edge) first; batched. params: $ids: [string],
// $first: int. returns: id, topics (list of topic maps).
UNWIND $ids AS id
MATCH (p:Paper {id: id})
RETURN id, COLLECT {
  MATCH (p)-[h:HAS_TOPIC]->(t:Topic)
  WITH t, h.weight AS weight
  ORDER BY weight DESC, t.rank LIMIT $first
  RETURN t {.id, .name, .conceptCount, paperCount: COUNT { (t)<-[:HAS_TOPIC]-() }}
} AS topics
