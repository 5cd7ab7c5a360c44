// Schema: one Method per normalised key. params: none. returns: nothing.
CREATE CONSTRAINT method_key IF NOT EXISTS FOR (m:Method) REQUIRE m.key IS UNIQUE
