// Export: the canonical id of the seed paper of a neighbourhood export, by its id or any altId.
// params: $id (string). returns: id (no row when no paper has that id).
OPTIONAL MATCH (byId:Paper {id: $id})
OPTIONAL CALL (byId) {
  WITH byId WHERE byId IS NULL
  MATCH (alt:Paper) WHERE $id IN alt.altIds
  RETURN alt LIMIT 1
}
WITH coalesce(byId, alt) AS p
WHERE p IS NOT NULL
RETURN p.id AS id
