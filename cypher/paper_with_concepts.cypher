// A paper by any of its ids with its best concept mentions: papers_by_ids and paper_concepts in
// one statement, for `paper(id:) { concepts }`, so the commonest request of a paper page costs
// one round trip instead of two. The same maps as those two statements.
// params: $ids: [string] (the spellings of one id), $first: int.
// returns: id (as asked), paper (map of public properties), mentions (as paper_concepts); no
// row for an id that names no paper.
UNWIND $ids AS id
OPTIONAL MATCH (byId:Paper {id: id})
OPTIONAL CALL (id, byId) {
  // an UNWIND of nothing, not a WHERE, which the planner would test after scanning the papers
  UNWIND CASE WHEN byId IS NULL THEN [id] ELSE [] END AS wanted
  MATCH (alt:Paper) WHERE wanted IN alt.altIds
  RETURN alt LIMIT 1
}
WITH id, coalesce(byId, alt) AS p
WHERE p IS NOT NULL
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
RETURN id, p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url} AS paper,
       mentions
