// Remove the extracted edges of papers about to be rewritten, so no stale edge survives.
// params: $matchKeys: [string]. returns: conceptKeys, methodKeys (formerly linked),
//   variantKeys (methods an edge removed here called a variant, see refresh_variants).
UNWIND $matchKeys AS matchKey
MATCH (p:Paper {matchKey: matchKey})-[r:MENTIONS|PROPOSES|USES]->(n)
WITH r, n, r.variantOf IS NOT NULL AS claimed
DELETE r
RETURN [k IN collect(DISTINCT CASE WHEN n:Concept THEN n.key END) WHERE k IS NOT NULL] AS conceptKeys,
       [k IN collect(DISTINCT CASE WHEN n:Method THEN n.key END) WHERE k IS NOT NULL] AS methodKeys,
       collect(DISTINCT CASE WHEN claimed THEN n.key END) AS variantKeys
