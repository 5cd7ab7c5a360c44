// Schema: at most one TopicLock per id, so that claim_topic_lock is a mutex between processes.
// params: none. returns: nothing.
CREATE CONSTRAINT topic_lock_id IF NOT EXISTS FOR (l:TopicLock) REQUIRE l.id IS UNIQUE
