// Delete one paper (by any of its ids) and return what it linked to, for orphan clean-up.
// params: $id. returns: id, conceptKeys, methodKeys (no row when no such paper), topicMoves
// (one {id, year, change: -1} per dated HAS_TOPIC edge, see move_topic_trends).
MATCH (p:Paper)
WHERE p.id = $id OR $id IN p.altIds
WITH p LIMIT 1
OPTIONAL MATCH (p)-[:MENTIONS]->(c:Concept)
OPTIONAL MATCH (p)-[:PROPOSES|USES]->(m:Method)
WITH p, p.id AS id, collect(DISTINCT c.key) AS conceptKeys, collect(DISTINCT m.key) AS methodKeys
WITH p, id, conceptKeys, methodKeys, COLLECT {
  MATCH (p)-[h:HAS_TOPIC]->(t:Topic)
  WHERE h.year IS NOT NULL
  RETURN {id: t.id, year: h.year, change: -1}
} AS topicMoves
DETACH DELETE p
RETURN id, conceptKeys, methodKeys, topicMoves
