// Schema: range index behind papers(venue:, orderBy: YEAR_ASC): the paper_sort_oldest keys
// under the venue. params: none. returns: nothing.
CREATE INDEX paper_venue_oldest IF NOT EXISTS FOR (p:Paper) ON (p.venue, p.sortOldest, p.id)
