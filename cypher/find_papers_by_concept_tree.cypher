// find_papers_by_concept with includeNarrower: the papers mentioning the concept or any concept
// under it (BROADER, any depth), with the same optional filters. RELEVANCE orders by the best
// mention score of the paper among those concepts.
// params: $concept, $year, $venue, $method, $author, $orderBy, $skip, $first.
// returns: total, page (list of paper maps), conceptFound, methodFound (as find_papers_by_concept).
// $author: an Author key, or null for papers by anyone. With an author, the statement starts
// from their papers, which are few, and walks up BROADER from what each mentions, instead of
// reading every mention of the tree (a broad concept's tree holds most of the graph).
OPTIONAL MATCH (c:Concept {key: $concept})
CALL (c) {
  CALL (c) {
    WITH c WHERE c IS NOT NULL AND $author IS NULL
    MATCH (c)<-[:BROADER*0..]-(:Concept)<-[m:MENTIONS]-(p:Paper)
    RETURN p, m
    UNION
    WITH c WHERE c IS NOT NULL AND $author IS NOT NULL
    MATCH (:Author {key: $author})-[:WROTE]->(p:Paper)-[m:MENTIONS]->(k:Concept)
    WHERE EXISTS { (k)-[:BROADER*0..]->(c) }
    RETURN p, m
  }
  WITH p, m
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
    AND ($method IS NULL OR EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: $method}) })
  WITH p, max(m.score) AS score
  ORDER BY CASE WHEN $orderBy = 'RELEVANCE' THEN score END DESC,
           CASE WHEN $orderBy = 'YEAR_ASC' THEN coalesce(p.year, 9999) END ASC,
           CASE WHEN $orderBy = 'TITLE' THEN toLower(coalesce(p.title, p.label)) END ASC,
           coalesce(p.year, 0) DESC, p.id ASC
  RETURN collect(p) AS papers
}
RETURN size(papers) AS total,
       [p IN papers[$skip..$skip + $first] |
        p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}] AS page,
       c IS NOT NULL AS conceptFound,
       $method IS NULL OR EXISTS { MATCH (:Method {key: $method}) } AS methodFound
