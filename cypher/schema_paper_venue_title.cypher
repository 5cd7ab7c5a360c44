// Schema: range index behind papers(venue:, orderBy: TITLE): the paper_sort_title keys under
// the venue. params: none. returns: nothing.
CREATE INDEX paper_venue_title IF NOT EXISTS FOR (p:Paper) ON (p.venue, p.sortTitle, p.sortNewest, p.id)
