// Delete Concept and Method nodes that no paper links to any more.
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
WHERE NOT EXISTS { (n)<-[:MENTIONS|PROPOSES|USES]-(:Paper) }
DETACH DELETE n
RETURN count(*) AS deleted
