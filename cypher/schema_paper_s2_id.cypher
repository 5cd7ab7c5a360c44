// Schema: range index behind finding a paper by its s2Id when another source loads it, and
// behind citations to it. params: none. returns: nothing.
CREATE INDEX paper_s2_id IF NOT EXISTS FOR (p:Paper) ON (p.s2Id)
