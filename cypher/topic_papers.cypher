// One page of each topic's papers: those mentioning its concepts, the most (by summed mention
// score) first; batched. params: $ids: [string], $skip, $first.
// returns: id, total (papers), page (list of paper maps).
UNWIND $ids AS id
MATCH (t:Topic {id: id})
CALL (t) {
  MATCH (t)<-[:IN_TOPIC]-(:Concept)<-[m:MENTIONS]-(p:Paper)
  WITH p, sum(m.score) AS weight
  ORDER BY weight DESC, p.id
  SKIP $skip LIMIT $first
  RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status}) AS page
}
RETURN id, t.paperCount AS total, page
