// Give the mentions written before they carried the keys papers(concept:) is ordered by their
// keys (merge_mentions writes them with every mention since): the same copies of the concept's
// key, the negated score and the paper's sort keys and id. Run by ensure_schema once the papers
// have their own sort keys (fill_paper_sort_keys), and only while the mention_* indexes are
// missing: they are created after it, so their existence says it is done; an interrupted run
// is redone whole. params: none. returns: filled (how many mentions got their keys).
MATCH (p:Paper)-[m:MENTIONS]->(c:Concept)
CALL (p, m, c) {
  SET m.conceptKey = c.key, m.sortScore = -m.score, m.sortNewest = p.sortNewest,
      m.sortOldest = p.sortOldest, m.sortTitle = p.sortTitle, m.paperId = p.id
} IN TRANSACTIONS OF 10000 ROWS
RETURN count(m) AS filled
