// A Concept that names a Method's idea is not a node of its own: one whose key is the method's
// key, or one of the concept keys of the phrases papers spell the method out with
// (expansionKeys: `behavioral cloning` for BC, `blow up` for BlowUp), is merged into the method;
// a spelled-out concept only while no more papers discuss it than name the method: a field that
// some papers abbreviate (`reinforcement learning` beside the acronym method RL, `large language
// model` beside LLM) stays the concept the graph's concept queries, topics and trends stand on.
// A concept two methods spell out goes to one: the method whose key it is, else the one with
// the most papers, then the first key. Each paper's MENTIONS of the concept becomes a USES of
// the method (score, extractor and evidence kept; none when the paper already proposes or uses
// it), the concept's surface forms join the method's aliases, and the concept goes with its
// derived edges. The concept is write-locked first, so a loader still linking a paper to it
// commits before its mentions are moved. Cost: one index seek per method and expansion key.
// params: none. returns: matchKeys (papers whose edges changed), methodKeys.
MATCH (m:Method)
CALL (m) {
  MATCH (c:Concept {key: m.key})
  RETURN c, 0 AS spelledOut
  UNION
  UNWIND coalesce(m.expansionKeys, []) AS key
  MATCH (c:Concept {key: key})
  WHERE COUNT { (c)<-[:MENTIONS]-() } <= COUNT { (m)<-[:PROPOSES|USES]-() }
  RETURN c, 1 AS spelledOut
}
WITH c, m, spelledOut
ORDER BY spelledOut, COUNT { (m)<-[:PROPOSES|USES]-() } DESC, m.key
WITH c, head(collect(m)) AS m
SET c.orphanCheck = true
REMOVE c.orphanCheck
WITH c, m
CALL (c, m) {
  MATCH (p:Paper)-[r:MENTIONS]->(c)
  WHERE NOT EXISTS { (p)-[:PROPOSES|USES]->(m) }
  CREATE (p)-[u:USES]->(m)
  SET u = properties(r)
  REMOVE u.rank, u.source
}
SET m.aliases = m.aliases + [a IN c.aliases WHERE NOT a IN m.aliases], m.relatedStale = true
WITH c, m, COLLECT { MATCH (p:Paper)-[:MENTIONS]->(c) RETURN p.matchKey } AS papers
DETACH DELETE c
WITH m, papers
UNWIND papers AS matchKey
RETURN collect(DISTINCT matchKey) AS matchKeys, collect(DISTINCT m.key) AS methodKeys
