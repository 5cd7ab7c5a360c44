// Schema: range index behind papers(year:, orderBy: TITLE): one year's papers (sortNewest is
// the year negated) by title, then id. params: none. returns: nothing.
CREATE INDEX paper_sort_year_title IF NOT EXISTS FOR (p:Paper) ON (p.sortNewest, p.sortTitle, p.id)
