// Schema: full-text search over method names and aliases. params: none. returns: nothing.
CREATE FULLTEXT INDEX method_text IF NOT EXISTS FOR (m:Method) ON EACH [m.name, m.aliases]
