// Schema: every Author has a unique key (ORCID, a source id, or the normalised name).
// params: none. returns: nothing.
CREATE CONSTRAINT author_key IF NOT EXISTS FOR (a:Author) REQUIRE a.key IS UNIQUE
