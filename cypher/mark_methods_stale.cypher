// Flag methods whose papers changed, so their RELATED_TO edges are recomputed after the load.
// params: $methodKeys: [string]. returns: count.
UNWIND $methodKeys AS key
MATCH (m:Method {key: key})
SET m.relatedStale = true
RETURN count(m) AS count
