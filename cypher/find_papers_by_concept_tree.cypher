// find_papers_by_concept with includeNarrower: the papers mentioning the concept or any concept
// under it (BROADER, any depth), with the same optional filters. RELEVANCE orders by the best
// mention score of the paper among those concepts.
// params: $concept, $year, $venue, $method, $orderBy, $skip, $first.
// returns: total, page (list of paper maps), conceptFound, methodFound (as find_papers_by_concept).
// $author: an Author key, or null for papers by anyone.
OPTIONAL MATCH (c:Concept {key: $concept})
CALL (c) {
  MATCH (c)<-[:BROADER*0..]-(:Concept)<-[m:MENTIONS]-(p:Paper)
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
    AND ($method IS NULL OR EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: $method}) })
    AND ($author IS NULL OR EXISTS { (:Author {key: $author})-[:WROTE]->(p) })
  WITH p, max(m.score) AS score
  ORDER BY CASE WHEN $orderBy = 'RELEVANCE' THEN score END DESC,
           CASE WHEN $orderBy = 'YEAR_ASC' THEN coalesce(p.year, 9999) END ASC,
           CASE WHEN $orderBy = 'TITLE' THEN toLower(coalesce(p.title, p.label)) END ASC,
           coalesce(p.year, 0) DESC, p.id ASC
  RETURN collect(p) AS papers
}
RETURN size(papers) AS total,
       [p IN papers[$skip..$skip + $first] |
        p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status}] AS page,
       c IS NOT NULL AS conceptFound,
       $method IS NULL OR EXISTS { MATCH (:Method {key: $method}) } AS methodFound
