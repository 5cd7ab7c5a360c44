// The methods each paper proposes or uses, with each edge's score and evidence: proposed ones
// first, each kind in the paper's order (its rank: the main method first, then best score
// first; an older graph's edges have no rank and follow by score); batched over papers.
// params: $ids: [string] (canonical paper ids).
// returns: id, mentions (list of {method map with paperCount, relation ('PROPOSES'|'USES'),
//   score, kindSaid (the kind this paper gives it; null: it does not say), kindCue (the cue in
//   its text that gave kindSaid), evidence (the edge's
//   evidence* and sentence* properties)}).
UNWIND $ids AS id
MATCH (p:Paper {id: id})
CALL (p) {
  MATCH (p)-[r:PROPOSES|USES]->(m:Method)
  WITH r, m ORDER BY type(r) = 'USES', r.rank, r.score DESC, m.key
  RETURN collect({
    method: m {.key, .name, .aliases, .kind, paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }},
    relation: type(r), score: r.score, kindSaid: r.kindSaid, kindCue: r.kindCue,
    evidence: r {.evidenceField, .evidenceStart, .evidenceEnd, .evidenceText,
                 .sentence, .sentenceStart, .sentenceEnd}
  }) AS mentions
}
RETURN id, mentions
