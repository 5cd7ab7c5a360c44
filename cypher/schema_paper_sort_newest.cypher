// Schema: range index behind papers() newest first, and within one year: every paper's
// sortNewest (its year negated, an undated paper as year 0) then id, so a page reads its papers
// off the index in order instead of sorting the graph. params: none. returns: nothing.
CREATE INDEX paper_sort_newest IF NOT EXISTS FOR (p:Paper) ON (p.sortNewest, p.id)
