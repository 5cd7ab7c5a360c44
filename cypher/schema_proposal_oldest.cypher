// Schema: relationship range index over the PROPOSES edges behind papers(method:), orderBy:
// YEAR_ASC: under the method's key, the paper's sortOldest, then newest first and id as ties (see
// merge_methods; the use_* index of the same order holds the USES edges). params: none. returns:
// nothing.
CREATE INDEX proposal_oldest IF NOT EXISTS
FOR ()-[r:PROPOSES]-() ON (r.methodKey, r.sortOldest, r.sortNewest, r.paperId)
