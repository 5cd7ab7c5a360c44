// End a resolution round: the papers whose uses it linked keep only the untyped uses they do
// not link yet, and the flags of what it read (pending_resolution, which locked them) are
// removed. A round that stopped at its limit of uses settles only the papers it linked: what
// it read is read again by the next.
// params: $matchKeys (flagged papers it read), $linkedKeys (papers whose uses it linked),
// $methodKeys, $conceptKeys: [string]. returns: count (papers settled).
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
CALL () {
  UNWIND $matchKeys AS matchKey
  MATCH (p:Paper {matchKey: matchKey})
  REMOVE p.resolvePending
}
UNWIND $linkedKeys AS matchKey
MATCH (p:Paper {matchKey: matchKey})
WITH p, [i IN range(0, size(coalesce(p.untypedKeys, [])) - 1)
         WHERE NOT EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: p.untypedKeys[i]}) }] AS waiting
SET p.untypedKeys = [i IN waiting | p.untypedKeys[i]],
    p.untypedUses = [i IN waiting | p.untypedUses[i]]
RETURN count(p) AS count
