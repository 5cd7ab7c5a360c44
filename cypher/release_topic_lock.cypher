// Release the topic lock this holder claimed (see claim_topic_lock).
// params: $holder. returns: released.
OPTIONAL MATCH (l:TopicLock {id: 'topics', holder: $holder})
DELETE l
RETURN count(l) AS released
