// The keys of the authors of one paper (by any of its ids), so that deleting it can delete the
// authors who wrote nothing else. params: $id. returns: keys.
// by its id (an index seek); by an altId (a scan of the papers) only when no paper has that id
OPTIONAL MATCH (byId:Paper {id: $id})
OPTIONAL CALL (byId) {
  WITH byId WHERE byId IS NULL
  MATCH (alt:Paper) WHERE $id IN alt.altIds
  RETURN alt LIMIT 1
}
WITH coalesce(byId, alt) AS p
WHERE p IS NOT NULL
OPTIONAL MATCH (a:Author)-[:WROTE]->(p)
RETURN collect(a.key) AS keys
