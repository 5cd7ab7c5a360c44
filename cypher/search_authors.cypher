// Authors whose normalised name contains every word of the search, most papers first.
// params: $words: [string] (normalised), $first: int. returns: author map.
MATCH (a:Author)
WHERE all(w IN $words WHERE a.nameKey CONTAINS w)
WITH a, COUNT { (a)-[:WROTE]->() } AS paperCount
ORDER BY paperCount DESC, a.nameKey, a.key
LIMIT $first
RETURN a {.key, .name, .orcid, .ids, paperCount: paperCount} AS author
