// Remove the extracted edges of papers about to be rewritten, so no stale edge survives; a
// method losing a typed edge is flagged for the resolution after the load, which counts its
// kind again (count_method_kinds).
// params: $matchKeys: [string]. returns: conceptKeys, methodKeys (formerly linked),
//   variantKeys (methods an edge removed here called a variant, see refresh_variants).
UNWIND $matchKeys AS matchKey
MATCH (p:Paper {matchKey: matchKey})-[r:MENTIONS|PROPOSES|USES]->(n)
WITH r, n, r.variantOf IS NOT NULL AS claimed
FOREACH (_ IN CASE WHEN r.kindSaid IS NOT NULL THEN [1] ELSE [] END | SET n.resolvePending = true)
DELETE r
RETURN [k IN collect(DISTINCT CASE WHEN n:Concept THEN n.key END) WHERE k IS NOT NULL] AS conceptKeys,
       [k IN collect(DISTINCT CASE WHEN n:Method THEN n.key END) WHERE k IS NOT NULL] AS methodKeys,
       collect(DISTINCT CASE WHEN claimed THEN n.key END) AS variantKeys
