// Export: the canonical id of the seed paper of a neighbourhood export, by its id or any altId.
// params: $id (string). returns: id (no row when no paper has that id).
OPTIONAL MATCH (byId:Paper {id: $id})
OPTIONAL CALL (byId) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN byId IS NULL THEN [$id] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt LIMIT 1
}
WITH coalesce(byId, alt) AS p
WHERE p IS NOT NULL
RETURN p.id AS id
