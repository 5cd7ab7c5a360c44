// A key that names a Method is not also a Concept: each paper's MENTIONS of such a concept
// becomes a USES of the method (score, extractor and evidence kept; none when the paper
// already proposes or uses it), the concept's surface forms join the method's aliases, and the
// concept goes with its derived edges. The concept is write-locked first, so a loader still
// linking a paper to it commits before its mentions are moved.
// params: none. returns: matchKeys (papers whose edges changed), methodKeys.
MATCH (m:Method)
MATCH (c:Concept {key: m.key})
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
