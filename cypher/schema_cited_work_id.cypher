// Schema: one CitedWork (a cited paper not loaded yet) per id. params: none. returns: nothing.
CREATE CONSTRAINT cited_work_id IF NOT EXISTS FOR (w:CitedWork) REQUIRE w.id IS UNIQUE
