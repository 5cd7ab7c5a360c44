// Schema: range index behind the papers(year:) filter. params: none. returns: nothing.
CREATE INDEX paper_year IF NOT EXISTS FOR (p:Paper) ON (p.year)
