// Record how many extracted edges each just-written paper has, so a later load can tell that
// edges went missing (and rewrite the paper) even though its content hash still matches.
// params: $matchKeys: [string]. returns: count.
UNWIND $matchKeys AS matchKey
MATCH (p:Paper {matchKey: matchKey})
SET p.edgeCount = COUNT { (p)-[:MENTIONS|PROPOSES|USES]->() }
RETURN count(p) AS count
