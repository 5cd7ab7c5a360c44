// The records of a batch whose identifiers name one stored paper while another stored paper
// holds their match key (the same abstract): writing them as they are would give two papers one
// matchKey. The paper the identifiers name is picked as upsert_papers picks it: by the record's
// own id, else its DOI, arXiv, OpenAlex, S2 id, ties by the smallest id.
// params: $rows: [{matchKey, id, doi, arxivId, openalexId, s2Id}].
// returns: matchKey (the record's), id and storedKey (the paper its identifiers name),
//   holder (the id of the paper holding the record's match key).
UNWIND $rows AS row
CALL (row) {
  MATCH (q:Paper)
  WHERE q.id = row.id OR q.doi = row.doi OR q.arxivId = row.arxivId
     OR q.openalexId = row.openalexId OR q.s2Id = row.s2Id
  RETURN q ORDER BY CASE WHEN q.id = row.id THEN 0 WHEN q.doi = row.doi THEN 1
    WHEN q.arxivId = row.arxivId THEN 2 WHEN q.openalexId = row.openalexId THEN 3 ELSE 4 END,
    q.id LIMIT 1
}
MATCH (holder:Paper {matchKey: row.matchKey})
WHERE holder <> q
RETURN row.matchKey AS matchKey, q.id AS id, q.matchKey AS storedKey, holder.id AS holder
