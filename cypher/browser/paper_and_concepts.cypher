// Browser: a paper (by id or any altId) with the concepts it mentions and the methods it
// proposes or uses, as a graph. Run `:config autoComplete: false` once first (the settings
// drawer's "Connect result nodes"): Browser otherwise also fetches every relationship between
// the nodes shown and draws the derived Method-[:RELATED_TO]->Concept edges over the paper's.
// params: $paperId (string; e.g. :param paperId => 'pg-…'). returns: p, r, n (paths to draw).
MATCH (p:Paper)
WHERE p.id = $paperId OR $paperId IN p.altIds
WITH p LIMIT 1
MATCH (p)-[r:MENTIONS|PROPOSES|USES]->(n)
RETURN p, r, n
