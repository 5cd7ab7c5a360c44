// Relink just-written papers to the topics their concepts belong to (as write_paper_topics
// does for every paper when the topics are computed), replacing their earlier links.
// params: $matchKeys: [string]. returns: papers, moves (one {id, year, change} per dated edge
// deleted (change -1, the year the edge was counted under) or created (+1): what the topics'
// per-year counts must move by, see move_topic_trends).
UNWIND $matchKeys AS matchKey
MATCH (p:Paper {matchKey: matchKey})
CALL (p) {
  MATCH (p)-[old:HAS_TOPIC]->(t:Topic)
  WITH old, t.id AS id, old.year AS year
  DELETE old
  RETURN collect({id: id, year: year, change: -1}) AS unlinked
}
CALL (p) {
  MATCH (p)-[m:MENTIONS]->(:Concept)-[:IN_TOPIC]->(t:Topic)
  WITH t, sum(m.score) AS weight
  CREATE (p)-[:HAS_TOPIC {weight: weight, topicId: t.id, year: p.year}]->(t)
  RETURN collect({id: t.id, year: p.year, change: 1}) AS linked
}
WITH p, unlinked + linked AS moves
UNWIND (CASE moves WHEN [] THEN [null] ELSE moves END) AS move
RETURN count(DISTINCT p) AS papers, [m IN collect(move) WHERE m.year IS NOT NULL] AS moves
