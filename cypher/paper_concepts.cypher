// The concepts each paper mentions, best score first; batched over papers.
// params: $ids: [string] (canonical paper ids), $first: int (per paper).
// returns: id, mentions (list of {concept map with paperCount, score, rank, source, evidence
//   (the edge's evidence* and sentence* properties)}).
UNWIND $ids AS id
MATCH (p:Paper {id: id})
CALL (p) {
  MATCH (p)-[m:MENTIONS]->(c:Concept)
  WITH c, m ORDER BY m.score DESC, c.key LIMIT $first
  RETURN collect({
    concept: c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }},
    score: m.score, rank: m.rank, source: m.source,
    evidence: m {.evidenceField, .evidenceStart, .evidenceEnd, .evidenceText,
                 .sentence, .sentenceStart, .sentenceEnd}
  }) AS mentions
}
RETURN id, mentions
