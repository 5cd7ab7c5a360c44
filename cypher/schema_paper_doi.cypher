// Schema: range index behind finding a paper by its doi when another source loads it, and
// behind citations to it. params: none. returns: nothing.
CREATE INDEX paper_doi IF NOT EXISTS FOR (p:Paper) ON (p.doi)
