// Before a batch is written: remove the WROTE edges of papers reloaded from the source that
// wrote them (its byline replaces theirs); another source's byline only adds to them. Returns
// the authors' keys so that authors left with no paper can be deleted.
// params: $papers: [{matchKey, source}]. returns: authorKeys.
UNWIND $papers AS row
MATCH (p:Paper {matchKey: row.matchKey})<-[w:WROTE]-(a:Author)
WHERE p.source = row.source
DELETE w
RETURN collect(DISTINCT a.key) AS authorKeys
