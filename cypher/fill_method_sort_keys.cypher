// Give the PROPOSES and USES edges written before they carried the keys papers(method:) is
// ordered by their keys (merge_methods writes them with every edge since): the method's key,
// the negated score and the paper's sort keys and id. Run by ensure_schema once the papers have
// their own sort keys (fill_paper_sort_keys), and only while the use_* and proposal_* indexes
// are missing: they are created after it, so their existence says it is done; an interrupted
// run is redone whole. params: none. returns: filled (how many edges got their keys).
MATCH (p:Paper)-[r:PROPOSES|USES]->(m:Method)
CALL (p, r, m) {
  SET r.methodKey = m.key, r.sortScore = -r.score, r.sortNewest = p.sortNewest,
      r.sortOldest = p.sortOldest, r.sortTitle = p.sortTitle, r.paperId = p.id
} IN TRANSACTIONS OF 10000 ROWS
RETURN count(r) AS filled
