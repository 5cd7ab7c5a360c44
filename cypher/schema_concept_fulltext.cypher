// Schema: full-text search over concept names and aliases. params: none. returns: nothing.
CREATE FULLTEXT INDEX concept_text IF NOT EXISTS FOR (c:Concept) ON EACH [c.name, c.aliases]
