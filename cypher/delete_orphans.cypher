// Delete Concept and Method nodes that no paper links to any more, safely beside running loads.
// Each node is write-locked before it is checked: a loader still linking a paper to it commits
// first and the check sees that edge, while one that comes later finds the node gone and
// creates it anew. Only derived edges (RELATED_TO, BROADER, IN_TOPIC, VARIANT_OF) are removed with it; a plain DELETE fails
// rather than silently dropping any other edge.
// params: $conceptKeys, $methodKeys: [string]. returns: deleted.
CALL () {
  UNWIND $conceptKeys AS key
  MATCH (n:Concept {key: key})
  RETURN n
  UNION
  UNWIND $methodKeys AS key
  MATCH (n:Method {key: key})
  RETURN n
}
WITH n
SET n.orphanCheck = true
REMOVE n.orphanCheck
WITH n
WHERE NOT EXISTS { (n)<-[:MENTIONS|PROPOSES|USES]-(:Paper) }
CALL (n) {
  // the concepts under it are placed again (hierarchy_pending)
  OPTIONAL MATCH (n)<-[:BROADER]-(narrower:Concept)
  SET narrower.broaderPending = true
}
CALL (n) {
  OPTIONAL MATCH (n)-[derived:RELATED_TO|BROADER|IN_TOPIC|VARIANT_OF]-()
  DELETE derived
}
DELETE n
RETURN count(*) AS deleted
