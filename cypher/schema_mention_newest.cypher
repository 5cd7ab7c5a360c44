// Schema: relationship range index behind papers(concept:, orderBy: YEAR_DESC): under the
// concept's key, the paper's sortNewest then id (see merge_mentions). params: none.
// returns: nothing.
CREATE INDEX mention_newest IF NOT EXISTS
FOR ()-[m:MENTIONS]-() ON (m.conceptKey, m.sortNewest, m.paperId)
