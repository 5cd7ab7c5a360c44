// Concepts whose broader concept must be (re)computed: never placed (created since the last
// refresh), or placed under a concept that has since been deleted. A scan of Concept nodes; the
// work done on what it finds is the only part that grows with the graph's history.
// params: $limit: int. returns: key.
MATCH (c:Concept)
WHERE c.broaderChecked IS NULL
   OR (c.broaderKey IS NOT NULL AND NOT EXISTS { (c)-[:BROADER]->(:Concept) })
RETURN c.key AS key
ORDER BY key
LIMIT $limit
