// Schema: one Topic per id. params: none. returns: nothing.
CREATE CONSTRAINT topic_id IF NOT EXISTS FOR (t:Topic) REQUIRE t.id IS UNIQUE
