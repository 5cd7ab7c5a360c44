// Schema: every Paper has a unique id (the source id, or a content hash when it has none).
// params: none. returns: nothing.
CREATE CONSTRAINT paper_id IF NOT EXISTS FOR (p:Paper) REQUIRE p.id IS UNIQUE
