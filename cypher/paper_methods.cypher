// The methods each paper proposes and uses, each in the paper's order (the edges' rank, see
// paper_method_mentions); batched over papers.
// params: $ids: [string] (canonical paper ids).
// returns: id, proposes, uses (lists of method maps with paperCount).
UNWIND $ids AS id
MATCH (p:Paper {id: id})
CALL (p) {
  OPTIONAL MATCH (p)-[r:PROPOSES|USES]->(m:Method)
  WITH r, m ORDER BY r.rank, r.score DESC, m.key
  WITH collect({kind: type(r), method: m {.key, .name, .aliases, .kind,
                paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }}}) AS links
  RETURN [l IN links WHERE l.kind = 'PROPOSES' | l.method] AS proposes,
         [l IN links WHERE l.kind = 'USES' | l.method] AS uses
}
RETURN id, proposes, uses
