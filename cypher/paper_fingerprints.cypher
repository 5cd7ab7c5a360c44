// Which of these papers are already stored, and with what content hash (to skip unchanged ones).
// params: $papers: [{id, matchKey}]. returns: matchKey (the row's), id (stored), contentHash.
UNWIND $papers AS row
OPTIONAL MATCH (byKey:Paper {matchKey: row.matchKey})
OPTIONAL MATCH (byId:Paper {id: row.id})
WITH row, coalesce(byKey, byId) AS p
WHERE p IS NOT NULL
RETURN row.matchKey AS matchKey, p.id AS id, p.contentHash AS contentHash
