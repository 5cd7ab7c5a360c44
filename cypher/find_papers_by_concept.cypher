// One page of the papers mentioning a concept, optionally also filtered by year, venue, method.
// RELEVANCE orders by the mention score. Starts from the concept (unique index on Concept.key).
// params: $concept, $year, $venue, $method, $orderBy ('RELEVANCE'|'YEAR_DESC'|'YEAR_ASC'|'TITLE'),
// $skip, $first. returns: total, page (list of paper maps), conceptFound and methodFound (whether
// $concept and $method, when given, are keys of a concept and a method).
// $author: an Author key, or null for papers by anyone.
OPTIONAL MATCH (c:Concept {key: $concept})
CALL (c) {
  // unfiltered, the total is the concept's degree (only papers mention), read off the node
  // without visiting its papers: a concept a fifth of the graph mentions costs the same
  WITH c WHERE $year IS NULL AND $venue IS NULL AND $method IS NULL AND $author IS NULL
  RETURN CASE WHEN c IS NULL THEN 0 ELSE COUNT { (c)<-[:MENTIONS]-() } END AS total
  UNION
  WITH c WHERE $year IS NOT NULL OR $venue IS NOT NULL OR $method IS NOT NULL
    OR $author IS NOT NULL
  MATCH (c)<-[:MENTIONS]-(p:Paper)
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
    AND ($method IS NULL OR EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: $method}) })
    AND ($author IS NULL OR EXISTS { (:Author {key: $author})-[:WROTE]->(p) })
  RETURN count(p) AS total
}
CALL (c) {
  MATCH (c)<-[m:MENTIONS]-(p:Paper)
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
    AND ($method IS NULL OR EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: $method}) })
    AND ($author IS NULL OR EXISTS { (:Author {key: $author})-[:WROTE]->(p) })
  WITH p, m
  ORDER BY CASE WHEN $orderBy = 'RELEVANCE' THEN m.score END DESC,
           CASE WHEN $orderBy = 'YEAR_ASC' THEN coalesce(p.year, 9999) END ASC,
           CASE WHEN $orderBy = 'TITLE' THEN toLower(coalesce(p.title, p.label)) END ASC,
           coalesce(p.year, 0) DESC, p.id ASC
  SKIP $skip LIMIT $first
  RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status}) AS page
}
RETURN total, page, c IS NOT NULL AS conceptFound,
       $method IS NULL OR EXISTS { MATCH (:Method {key: $method}) } AS methodFound
