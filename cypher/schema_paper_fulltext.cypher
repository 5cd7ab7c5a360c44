// Schema: full-text search over papers' title, label and abstract. params: none. returns: nothing.
CREATE FULLTEXT INDEX paper_text IF NOT EXISTS FOR (p:Paper) ON EACH [p.title, p.label, p.abstract]
