// Before a paper (by any of its ids) is deleted: the papers citing it keep the citation, as a
// CitedWork with its id, as if it had never been loaded; loading it again re-links them
// (link_cited_papers). params: $id. returns: count (citations kept).
MATCH (p:Paper)
WHERE p.id = $id OR $id IN p.altIds
WITH p LIMIT 1
MATCH (src:Paper)-[:CITES]->(p)
WHERE src <> p
MERGE (w:CitedWork {id: p.id})
MERGE (src)-[:CITES]->(w)
RETURN count(*) AS count
