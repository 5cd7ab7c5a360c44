// The ids of the CitedWorks one paper (by any of its ids) cites, so that deleting it can delete
// the placeholders no other paper cites. params: $id. returns: ids.
MATCH (p:Paper)
WHERE p.id = $id OR $id IN p.altIds
WITH p LIMIT 1
OPTIONAL MATCH (p)-[:CITES]->(w:CitedWork)
RETURN collect(w.id) AS ids
