// The keys of the authors of one paper (by any of its ids), so that deleting it can delete the
// authors who wrote nothing else. params: $id. returns: keys.
MATCH (p:Paper)
WHERE p.id = $id OR $id IN p.altIds
WITH p LIMIT 1
OPTIONAL MATCH (a:Author)-[:WROTE]->(p)
RETURN collect(a.key) AS keys
