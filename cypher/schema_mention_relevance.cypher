// Schema: relationship range index behind papers(concept:) best mention first (RELEVANCE):
// under the concept's key, the negated score, then newest first and id as ties (see
// merge_mentions), so a page of a concept a fifth of the graph mentions reads its mentions off
// the index in order instead of sorting them all. params: none. returns: nothing.
CREATE INDEX mention_relevance IF NOT EXISTS
FOR ()-[m:MENTIONS]-() ON (m.conceptKey, m.sortScore, m.sortNewest, m.paperId)
