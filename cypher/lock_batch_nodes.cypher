// Write-lock, in one order for every writer (concepts before methods, by key), the stored
// concepts and methods a batch is about to touch: those its papers link to now and those it
// will link them to. A batch's statements lock these nodes one after another (moving counts,
// merging edges, each in its own order); two loaders writing batches that share nodes could
// otherwise each hold one lock and wait for the other's, a deadlock retried until it fails.
// params: $matchKeys, $conceptKeys, $methodKeys: [string]. returns: locked.
CALL () {
  UNWIND $matchKeys AS matchKey
  MATCH (:Paper {matchKey: matchKey})-[:MENTIONS|PROPOSES|USES]->(n)
  RETURN n
  UNION
  UNWIND $conceptKeys AS key
  MATCH (n:Concept {key: key})
  RETURN n
  UNION
  UNWIND $methodKeys AS key
  MATCH (n:Method {key: key})
  RETURN n
}
WITH n
ORDER BY CASE WHEN n:Concept THEN 0 ELSE 1 END, n.key
SET n.batchLock = true
REMOVE n.batchLock
RETURN count(n) AS locked
