// Before a batch is written: remove the CITES edges of papers reloaded from the source that
// listed them (its reference list replaces theirs); another source's references only add to
// them. Returns the CitedWork ids they pointed at, so that placeholders no paper cites any
// more can be deleted. params: $papers: [{matchKey, source}]. returns: ids.
UNWIND $papers AS row
MATCH (p:Paper {matchKey: row.matchKey})-[c:CITES]->(w)
WHERE p.source = row.source
WITH c, CASE WHEN w:CitedWork THEN w.id END AS id
DELETE c
RETURN collect(DISTINCT id) AS ids
