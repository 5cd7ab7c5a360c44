// Schema: range index behind matching an author by normalised name. params: none. returns: nothing.
CREATE INDEX author_name_key IF NOT EXISTS FOR (a:Author) ON (a.nameKey)
