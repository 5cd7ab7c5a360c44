// Schema: relationship range index over the PROPOSES edges behind papers(method:), orderBy:
// YEAR_DESC: under the method's key, the paper's sortNewest, then id (see merge_methods; the
// use_* index of the same order holds the USES edges). params: none. returns: nothing.
CREATE INDEX proposal_newest IF NOT EXISTS
FOR ()-[r:PROPOSES]-() ON (r.methodKey, r.sortNewest, r.paperId)
