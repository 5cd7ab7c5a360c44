// Whether a HAS_TOPIC link was written before topics kept their papers per year (no topicId on
// the edge): such topics are recomputed, once, before the index that says it is done
// (has_topic_rank; graph/schema.py). params: none. returns: uncounted (boolean).
RETURN EXISTS { ()-[h:HAS_TOPIC]->() WHERE h.topicId IS NULL } AS uncounted
