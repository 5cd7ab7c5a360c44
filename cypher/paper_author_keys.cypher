// The keys of the authors of one paper (by any of its ids), so that deleting it can delete the
// authors who wrote nothing else. params: $id. returns: keys.
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
OPTIONAL MATCH (a:Author)-[:WROTE]->(p)
RETURN collect(a.key) AS keys
