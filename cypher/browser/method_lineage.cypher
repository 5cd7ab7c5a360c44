// Browser: a method's lineage: the papers proposing it, the papers using it, and the concepts
// it is related to (strongest first).
// params: $method (key, name or alias, case-insensitive), $maxConcepts (int, e.g. 15).
// returns: m, r, n (paths to draw; n is a Paper or a Concept).
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
}
RETURN m, r, n
