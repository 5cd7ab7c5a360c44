// Schema: relationship range index over the PROPOSES edges behind papers(method:), best edge
// first (RELEVANCE): under the method's key, the negated score, then newest first and id as ties
// (see merge_methods; the use_* index of the same order holds the USES edges). params: none.
// returns: nothing.
CREATE INDEX proposal_relevance IF NOT EXISTS
FOR ()-[r:PROPOSES]-() ON (r.methodKey, r.sortScore, r.sortNewest, r.paperId)
