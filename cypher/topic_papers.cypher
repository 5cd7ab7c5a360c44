// One page of each topic's papers: those mentioning its concepts, the most (by summed mention
// score, the weight of their HAS_TOPIC edge) first; batched. params: $ids: [string], $skip, $first.
// returns: id, total (papers), page (list of paper maps).
UNWIND $ids AS id
MATCH (t:Topic {id: id})
CALL (t) {
  MATCH (t)<-[h:HAS_TOPIC]-(p:Paper)
  WITH p, h.weight AS weight
  ORDER BY weight DESC, p.id
  SKIP $skip LIMIT $first
  RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status}) AS page
}
RETURN id, COUNT { (t)<-[:HAS_TOPIC]-() } AS total, page
