// Link every paper to the topics its concepts belong to, weighted by its summed mention score
// of the topic's concepts, once the topics are written: Topic.papers, Topic.trend and
// Paper.topics then read these edges instead of expanding every concept of a topic. Each edge
// keeps its topic's id (topicId, for the has_topic_rank index) and its paper's year (so a later
// relink knows which year's count the edge leaves). Loads keep them up to date for the papers
// they write (refresh_paper_topics).
// In transactions of their own, a few thousand papers each (a big graph's links would not fit
// one transaction's memory): run as a plain statement (CALL … IN TRANSACTIONS).
// params: none. returns: nothing.
MATCH (p:Paper)
CALL (p) {
  MATCH (t:Topic)<-[:IN_TOPIC]-(:Concept)<-[m:MENTIONS]-(p)
  WITH t, sum(m.score) AS weight
  CREATE (p)-[:HAS_TOPIC {weight: weight, topicId: t.id, year: p.year}]->(t)
} IN TRANSACTIONS OF 2000 ROWS
