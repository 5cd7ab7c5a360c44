// Remove the extracted edges of papers about to be rewritten, so no stale edge survives.
// params: $matchKeys: [string]. returns: conceptKeys, methodKeys (formerly linked).
UNWIND $matchKeys AS matchKey
MATCH (p:Paper {matchKey: matchKey})-[r:MENTIONS|PROPOSES|USES]->(n)
WITH r, n
DELETE r
RETURN [k IN collect(DISTINCT CASE WHEN n:Concept THEN n.key END) WHERE k IS NOT NULL] AS conceptKeys,
       [k IN collect(DISTINCT CASE WHEN n:Method THEN n.key END) WHERE k IS NOT NULL] AS methodKeys
