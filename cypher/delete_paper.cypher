// Delete one paper (by any of its ids) with its acronym definitions (which no other paper
// shares), and return what it linked to, for orphan clean-up.
// params: $id. returns: id, year, conceptKeys, methodKeys, variantKeys (the methods it called a
// variant of another, see refresh_variants), topicMoves (one {id, year, change: -1} per dated
// HAS_TOPIC edge, see move_topic_trends); no row when no such paper.
// by its id (an index seek); by an altId (a scan of the papers) only when no paper has that id
OPTIONAL MATCH (byId:Paper {id: $id})
OPTIONAL CALL (byId) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN byId IS NULL THEN [$id] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt LIMIT 1
}
WITH coalesce(byId, alt) AS p
WHERE p IS NOT NULL
OPTIONAL MATCH (p)-[:MENTIONS]->(c:Concept)
WITH p, collect(DISTINCT c.key) AS conceptKeys
OPTIONAL MATCH (p)-[r:PROPOSES|USES]->(m:Method)
WITH p, p.id AS id, p.year AS year, conceptKeys, collect(DISTINCT m.key) AS methodKeys,
     collect(DISTINCT CASE WHEN r.variantOf IS NOT NULL THEN m.key END) AS variantKeys
WITH p, id, year, conceptKeys, methodKeys, variantKeys, COLLECT {
  MATCH (p)-[h:HAS_TOPIC]->(t:Topic)
  WHERE h.year IS NOT NULL
  RETURN {id: t.id, year: h.year, change: -1}
} AS topicMoves
CALL (p) {
  MATCH (p)-[:DEFINES_ACRONYM]->(d:AcronymDefinition)
  DETACH DELETE d
}
DETACH DELETE p
RETURN id, year, conceptKeys, methodKeys, variantKeys, topicMoves
