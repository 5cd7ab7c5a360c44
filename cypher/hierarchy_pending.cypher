// Concepts whose broader concept must be (re)computed: flagged broaderPending when created, or
// when the concept they sat under was deleted (delete_orphans, merge_concepts_into_methods).
// An index seek: a load costs what it added, not a scan of every concept per round.
// params: $limit: int. returns: key.
MATCH (c:Concept)
WHERE c.broaderPending = true
RETURN c.key AS key
ORDER BY key
LIMIT $limit
