// Schema: range index behind papers(venue:, year:, orderBy: TITLE): the paper_sort_year_title
// keys under the venue. params: none. returns: nothing.
CREATE INDEX paper_venue_year_title IF NOT EXISTS FOR (p:Paper) ON (p.venue, p.sortNewest, p.sortTitle, p.id)
