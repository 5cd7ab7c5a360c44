// Export: one hop of a neighbourhood export: the papers that share a concept or a method with
// any of the given papers (the given papers themselves are not repeated).
// params: $ids ([string], canonical paper ids). returns: id (one row per neighbour).
MATCH (p:Paper)-[:MENTIONS|PROPOSES|USES]->(shared)<-[:MENTIONS|PROPOSES|USES]-(q:Paper)
WHERE p.id IN $ids AND NOT q.id IN $ids
RETURN DISTINCT q.id AS id
