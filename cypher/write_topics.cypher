// Write topics: each a Topic node and IN_TOPIC edges from its concepts (centrality: the
// concept's weighted degree inside the topic, normalised to the most central one).
// Each topic keeps the graph's paper count now, so a later load can tell how much it grew since.
// params: $topics: [{id, name, rank, members: [{key, centrality}]}]. returns: topics.
WITH COUNT { (:Paper) } AS papers
UNWIND $topics AS topic
CREATE (t:Topic {id: topic.id, name: topic.name, rank: topic.rank, papersWhenComputed: papers})
WITH t, topic
CALL (t, topic) {
  UNWIND topic.members AS member
  MATCH (c:Concept {key: member.key})
  CREATE (c)-[:IN_TOPIC {centrality: member.centrality}]->(t)
}
SET t.conceptCount = COUNT { (t)<-[:IN_TOPIC]-() }
RETURN count(*) AS topics
