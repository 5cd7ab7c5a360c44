// Schema: range index behind matching an author by ORCID. params: none. returns: nothing.
CREATE INDEX author_orcid IF NOT EXISTS FOR (a:Author) ON (a.orcid)
