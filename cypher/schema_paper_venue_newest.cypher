// Schema: range index behind papers(venue:) newest first, and within one year: the
// paper_sort_newest keys under the venue. params: none. returns: nothing.
CREATE INDEX paper_venue_newest IF NOT EXISTS FOR (p:Paper) ON (p.venue, p.sortNewest, p.id)
