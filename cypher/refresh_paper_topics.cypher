// Relink just-written papers to the topics their concepts belong to (as write_paper_topics
// does for every paper when the topics are computed), replacing their earlier links.
// params: $matchKeys: [string]. returns: papers, topicIds (the topics they were or are now
// linked to: those whose trend counts must be recounted).
UNWIND $matchKeys AS matchKey
MATCH (p:Paper {matchKey: matchKey})
CALL (p) {
  MATCH (p)-[old:HAS_TOPIC]->(t:Topic)
  DELETE old
  RETURN collect(t.id) AS unlinked
}
CALL (p) {
  MATCH (p)-[m:MENTIONS]->(:Concept)-[:IN_TOPIC]->(t:Topic)
  WITH t, sum(m.score) AS weight
  CREATE (p)-[:HAS_TOPIC {weight: weight, topicId: t.id}]->(t)
  RETURN collect(t.id) AS linked
}
WITH p, unlinked + linked AS touched
UNWIND (CASE touched WHEN [] THEN [null] ELSE touched END) AS topicId
RETURN count(DISTINCT p) AS papers, collect(DISTINCT topicId) AS topicIds
