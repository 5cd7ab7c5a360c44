// Papers by any of their ids (the id first, then the altIds of merged duplicates); batched.
// params: $ids: [string]. returns: id (as asked), paper (map of public properties); no row
// for an id that names no paper.
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
RETURN id, p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url} AS paper
