// Which of these papers are already stored whole, and with what content hash (to skip unchanged
// ones). A paper with fewer extracted edges than it was written with gets a null hash, so the
// load rewrites it; papers written before edge counts were kept are trusted.
// params: $papers: [{id, matchKey}]. returns: matchKey (the row's), id (stored), contentHash.
UNWIND $papers AS row
OPTIONAL MATCH (byKey:Paper {matchKey: row.matchKey})
OPTIONAL MATCH (byId:Paper {id: row.id})
WITH row, coalesce(byKey, byId) AS p
WHERE p IS NOT NULL
WITH row, p, COUNT { (p)-[:MENTIONS|PROPOSES|USES]->() } AS stored
RETURN row.matchKey AS matchKey, p.id AS id,
       CASE WHEN coalesce(p.edgeCount, stored) = stored THEN p.contentHash END AS contentHash
