// Schema: relationship range index behind papers(concept:, orderBy: YEAR_ASC): under the
// concept's key, the paper's sortOldest, then newest first and id as ties (see merge_mentions).
// params: none. returns: nothing.
CREATE INDEX mention_oldest IF NOT EXISTS
FOR ()-[m:MENTIONS]-() ON (m.conceptKey, m.sortOldest, m.sortNewest, m.paperId)
