// Schema: relationship range index behind papers(concept:, orderBy: TITLE): under the concept's
// key, the paper's sortTitle, then newest first and id as ties (see merge_mentions).
// params: none. returns: nothing.
CREATE INDEX mention_title IF NOT EXISTS
FOR ()-[m:MENTIONS]-() ON (m.conceptKey, m.sortTitle, m.sortNewest, m.paperId)
