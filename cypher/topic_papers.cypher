// One page of each topic's papers: those mentioning its concepts, the most (by summed mention
// score, the weight of their HAS_TOPIC edge) first, ties by paper id; batched. The edges are
// read off the has_topic_rank index in weight order (a partial sort breaks the ties), so a page
// costs its own edges, not the topic's thousands. params: $ids: [string], $skip, $first.
// returns: id, total (papers), page (list of paper maps).
UNWIND $ids AS id
MATCH (t:Topic {id: id})
CALL (id) {
  MATCH (p:Paper)-[h:HAS_TOPIC]->()
  WHERE h.topicId = id AND h.weight IS NOT NULL
  WITH p, h ORDER BY h.topicId DESC, h.weight DESC, p.id
  SKIP $skip LIMIT $first
  RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}) AS page
}
RETURN id, COUNT { (t)<-[:HAS_TOPIC]-() } AS total, page
