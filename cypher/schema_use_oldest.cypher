// Schema: relationship range index over the USES edges behind papers(method:), orderBy: YEAR_ASC:
// under the method's key, the paper's sortOldest, then newest first and id as ties (see
// merge_methods; the proposal_* index of the same order holds the PROPOSES edges). params: none.
// returns: nothing.
CREATE INDEX use_oldest IF NOT EXISTS
FOR ()-[u:USES]-() ON (u.methodKey, u.sortOldest, u.sortNewest, u.paperId)
