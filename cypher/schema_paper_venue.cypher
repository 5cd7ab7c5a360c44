// Schema: range index behind the papers(venue:) filter. params: none. returns: nothing.
CREATE INDEX paper_venue IF NOT EXISTS FOR (p:Paper) ON (p.venue)
