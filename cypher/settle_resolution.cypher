// End a resolution: each paper it looked at keeps only the untyped uses no method has yet, and
// the flags of what it settled (pending_resolution, which locked them) are removed.
// params: $matchKeys (the papers it looked at), $methodKeys, $conceptKeys: [string].
// returns: count (papers settled).
CALL () {
  UNWIND $methodKeys AS key
  MATCH (m:Method {key: key})
  REMOVE m.resolvePending
}
CALL () {
  UNWIND $conceptKeys AS key
  MATCH (c:Concept {key: key})
  REMOVE c.resolvePending
}
UNWIND $matchKeys AS matchKey
MATCH (p:Paper {matchKey: matchKey})
WITH p, [i IN range(0, size(coalesce(p.untypedKeys, [])) - 1)
         WHERE NOT EXISTS { MATCH (:Method {key: p.untypedKeys[i]}) }] AS waiting
SET p.untypedKeys = [i IN waiting | p.untypedKeys[i]],
    p.untypedUses = [i IN waiting | p.untypedUses[i]]
REMOVE p.resolvePending
RETURN count(p) AS count
