// Delete one paper (by any of its ids) and return what it linked to, for orphan clean-up.
// params: $id. returns: id, conceptKeys, methodKeys, topicIds (no row when no such paper).
MATCH (p:Paper)
WHERE p.id = $id OR $id IN p.altIds
WITH p LIMIT 1
OPTIONAL MATCH (p)-[:MENTIONS]->(c:Concept)
OPTIONAL MATCH (p)-[:PROPOSES|USES]->(m:Method)
WITH p, p.id AS id, collect(DISTINCT c.key) AS conceptKeys, collect(DISTINCT m.key) AS methodKeys
WITH p, id, conceptKeys, methodKeys, COLLECT { MATCH (p)-[:HAS_TOPIC]->(t:Topic) RETURN t.id } AS topicIds
DETACH DELETE p
RETURN id, conceptKeys, methodKeys, topicIds
