// Browser: a method's lineage: what it varies and its named variants (VARIANT_OF, up to 3
// steps either way), the papers proposing or using each, and the concepts it is related to
// (strongest first). Each VARIANT_OF says which paper says so (paperId, the smallest id of the
// papers saying so) and where (evidenceText in sentence); the table view lists them.
// params: $method (key, name or alias, case-insensitive), $maxConcepts (int, e.g. 15).
// returns: m, r, n (paths to draw; n is a Paper, a Concept or a Method), and for a VARIANT_OF r
//   variant, base, saidBy (paper id), phrase, sentence (null for other relationships).
MATCH (m:Method)
WHERE m.key = $method OR toLower(m.name) = toLower($method)
   OR any(a IN m.aliases WHERE toLower(a) = toLower($method))
WITH m LIMIT 1
CALL (m) {
  MATCH (m)<-[r:PROPOSES|USES]-(n:Paper)
  RETURN r, n
  UNION
  MATCH (m)-[r:RELATED_TO]->(n:Concept)
  WITH r, n ORDER BY r.weight DESC, n.key LIMIT $maxConcepts
  RETURN r, n
  UNION
  MATCH (m)-[:VARIANT_OF*0..3]-(v:Method)-[r:VARIANT_OF]-(n:Method)
  RETURN r, n
  UNION
  MATCH (m)-[:VARIANT_OF*1..3]-(v:Method)<-[r:PROPOSES|USES]-(n:Paper)
  RETURN r, n
}
WITH m, r, n, type(r) = 'VARIANT_OF' AS lineage
RETURN m, r, n,
       CASE WHEN lineage THEN startNode(r).name END AS variant,
       CASE WHEN lineage THEN endNode(r).name END AS base,
       CASE WHEN lineage THEN r.paperId END AS saidBy,
       CASE WHEN lineage THEN r.evidenceText END AS phrase,
       CASE WHEN lineage THEN r.sentence END AS sentence
