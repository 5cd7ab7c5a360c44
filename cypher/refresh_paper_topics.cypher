// Relink just-written papers to the topics their concepts belong to (as write_paper_topics
// does for every paper when the topics are computed), replacing their earlier links.
// params: $matchKeys: [string]. returns: papers.
UNWIND $matchKeys AS matchKey
MATCH (p:Paper {matchKey: matchKey})
CALL (p) {
  MATCH (p)-[old:HAS_TOPIC]->(:Topic)
  DELETE old
}
CALL (p) {
  MATCH (p)-[m:MENTIONS]->(:Concept)-[:IN_TOPIC]->(t:Topic)
  WITH t, sum(m.score) AS weight
  CREATE (p)-[:HAS_TOPIC {weight: weight}]->(t)
}
RETURN count(p) AS papers
