// Schema: one Concept per normalised key. params: none. returns: nothing.
CREATE CONSTRAINT concept_key IF NOT EXISTS FOR (c:Concept) REQUIRE c.key IS UNIQUE
