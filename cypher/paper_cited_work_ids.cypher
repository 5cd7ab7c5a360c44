// The ids of the CitedWorks one paper (by any of its ids) cites, so that deleting it can delete
// the placeholders no other paper cites. params: $id. returns: ids.
OPTIONAL MATCH (byId:Paper {id: $id})
OPTIONAL CALL (byId) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN byId IS NULL THEN [$id] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt LIMIT 1
}
WITH coalesce(byId, alt) AS p
WHERE p IS NOT NULL
OPTIONAL MATCH (p)-[:CITES]->(w:CitedWork)
RETURN collect(w.id) AS ids
