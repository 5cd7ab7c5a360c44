// Remove every Topic and its IN_TOPIC edges (before a recomputation writes the new ones).
// params: none. returns: deleted.
MATCH (t:Topic)
DETACH DELETE t
RETURN count(*) AS deleted
