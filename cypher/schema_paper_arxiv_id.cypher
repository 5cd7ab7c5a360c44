// Schema: range index behind finding a paper by its arxivId when another source loads it, and
// behind citations to it. params: none. returns: nothing.
CREATE INDEX paper_arxiv_id IF NOT EXISTS FOR (p:Paper) ON (p.arxivId)
