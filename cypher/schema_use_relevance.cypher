// Schema: relationship range index over the USES edges behind papers(method:), best edge first
// (RELEVANCE): under the method's key, the negated score, then newest first and id as ties (see
// merge_methods; the proposal_* index of the same order holds the PROPOSES edges). params: none.
// returns: nothing.
CREATE INDEX use_relevance IF NOT EXISTS
FOR ()-[u:USES]-() ON (u.methodKey, u.sortScore, u.sortNewest, u.paperId)
