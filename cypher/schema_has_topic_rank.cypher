// Schema: range index behind Topic.papers: a topic's HAS_TOPIC edges (topicId: the topic's id,
// kept on the edge) in weight order, so a page reads its edges off the index top down instead
// of sorting every paper of the topic. params: none. returns: nothing.
CREATE INDEX has_topic_rank IF NOT EXISTS FOR ()-[h:HAS_TOPIC]-() ON (h.topicId, h.weight)
