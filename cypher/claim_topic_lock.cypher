// Claim the right to recompute the topics: fails on the topic_lock_id constraint while another
// writer (a CLI load, an ingestPapers) holds it. A lock older than $staleMs (its holder died)
// is taken over. params: $holder (a random id), $staleMs. returns: holder.
OPTIONAL MATCH (stale:TopicLock {id: 'topics'}) WHERE stale.since < timestamp() - $staleMs
DELETE stale
WITH count(*) AS cleared
CREATE (l:TopicLock {id: 'topics', holder: $holder, since: timestamp()})
RETURN l.holder AS holder
