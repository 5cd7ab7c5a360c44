// Store on each topic how many distinct papers mention one of its concepts (read by every
// topic listing, so counted once per recomputation instead of per request).
// params: none. returns: topics.
MATCH (t:Topic)
SET t.paperCount = COUNT { MATCH (t)<-[:IN_TOPIC]-(:Concept)<-[:MENTIONS]-(p:Paper) RETURN DISTINCT p },
    t.conceptCount = COUNT { (t)<-[:IN_TOPIC]-() }
RETURN count(t) AS topics
