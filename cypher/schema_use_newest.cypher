// Schema: relationship range index over the USES edges behind papers(method:), orderBy:
// YEAR_DESC: under the method's key, the paper's sortNewest, then id (see merge_methods; the
// proposal_* index of the same order holds the PROPOSES edges). params: none. returns: nothing.
CREATE INDEX use_newest IF NOT EXISTS
FOR ()-[u:USES]-() ON (u.methodKey, u.sortNewest, u.paperId)
