// Create or update Paper nodes. A paper is found by its id or its DOI, arXiv, OpenAlex or S2 id,
// else by its normalised abstract (matchKey); a real source id replaces a content-hash id, and
// every id seen is kept in altIds.
// A reload from the same source replaces every field (an emptied title or keyword list is
// emptied); a record from another source only fills the fields it has.
// Then the sort keys the papers() listing walks its indexes by, from the fields just set (see
// fill_paper_sort_keys): sortTitle, sortNewest (undated as year 0), sortOldest (undated as 9999).
// params: $papers: [{id, altIds, sourceId (bool), matchKey, contentHash, title, label, abstract, year,
//   venue, authors, keywords, status, source, embedding, extractor, acronyms, doi, arxivId,
//   openalexId, s2Id, url}].
// authorText joins the authors' names for the full-text index paper_search.
// returns: matchKey, id, year, storedYear (the year before this write: what the paper's edges
//   were counted under, see move_trend_counts).
UNWIND $papers AS row
OPTIONAL CALL (row) {
  MATCH (q:Paper)
  WHERE q.id = row.id OR q.doi = row.doi OR q.arxivId = row.arxivId
     OR q.openalexId = row.openalexId OR q.s2Id = row.s2Id
  // the strongest identifier first, as identity_clashes picks it
  RETURN q AS byId ORDER BY CASE WHEN q.id = row.id THEN 0 WHEN q.doi = row.doi THEN 1
    WHEN q.arxivId = row.arxivId THEN 2 WHEN q.openalexId = row.openalexId THEN 3 ELSE 4 END,
    q.id LIMIT 1
}
CALL (row, byId) {
  WITH row, byId WHERE byId IS NULL
  MERGE (p:Paper {matchKey: row.matchKey})
    ON CREATE SET p.id = row.id, p.altIds = []
  RETURN p
  UNION
  WITH row, byId WHERE byId IS NOT NULL
  RETURN byId AS p
}
WITH row, p, coalesce(p.source = row.source, true) AS same, p.year AS storedYear
SET p.altIds = p.altIds + [i IN row.altIds WHERE NOT i IN p.altIds],
    p.id = CASE WHEN row.sourceId AND NOT p.id = row.id AND p.id STARTS WITH 'pg-' THEN row.id ELSE p.id END,
    p.matchKey = row.matchKey,
    p.contentHash = row.contentHash,
    p.title = CASE WHEN same THEN row.title ELSE coalesce(row.title, p.title) END,
    p.label = row.label,
    p.abstract = row.abstract,
    p.year = CASE WHEN same THEN row.year ELSE coalesce(row.year, p.year) END,
    p.venue = CASE WHEN same THEN row.venue ELSE coalesce(row.venue, p.venue) END,
    p.authors = CASE WHEN same OR size(row.authors) > 0 THEN row.authors
      ELSE coalesce(p.authors, []) END,
    p.keywords = CASE WHEN same OR size(row.keywords) > 0 THEN row.keywords
      ELSE coalesce(p.keywords, []) END,
    p.status = CASE WHEN same THEN row.status ELSE coalesce(row.status, p.status) END,
    p.source = row.source,
    p.embedding = row.embedding,
    p.extractor = row.extractor,
    p.acronyms = row.acronyms,
    p.doi = coalesce(row.doi, p.doi),
    p.arxivId = coalesce(row.arxivId, p.arxivId),
    p.openalexId = coalesce(row.openalexId, p.openalexId),
    p.s2Id = coalesce(row.s2Id, p.s2Id),
    p.url = coalesce(row.url, p.url)
SET p.authorText = reduce(text = '', name IN p.authors |
      text + CASE WHEN text = '' THEN '' ELSE '; ' END + name),
    p.sortTitle = toLower(coalesce(p.title, p.label)),
    p.sortNewest = -coalesce(p.year, 0),
    p.sortOldest = coalesce(p.year, 9999)
RETURN row.matchKey AS matchKey, p.id AS id, p.year AS year, storedYear
