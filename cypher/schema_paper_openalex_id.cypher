// Schema: range index behind finding a paper by its openalexId when another source loads it, and
// behind citations to it. params: none. returns: nothing.
CREATE INDEX paper_openalex_id IF NOT EXISTS FOR (p:Paper) ON (p.openalexId)
