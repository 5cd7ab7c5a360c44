// Before a paper (by any of its ids) is deleted: the papers citing it keep the citation, as a
// CitedWork with its id, as if it had never been loaded; loading it again re-links them
// (link_cited_papers). params: $id. returns: count (citations kept).
OPTIONAL MATCH (byId:Paper {id: $id})
OPTIONAL CALL (byId) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN byId IS NULL THEN [$id] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt LIMIT 1
}
WITH coalesce(byId, alt) AS p
WHERE p IS NOT NULL
MATCH (src:Paper)-[:CITES]->(p)
WHERE src <> p
MERGE (w:CitedWork {id: p.id})
MERGE (src)-[:CITES]->(w)
RETURN count(*) AS count
