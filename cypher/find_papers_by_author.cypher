// One page of the papers an author wrote, optionally also filtered by year, venue, concept and
// method. RELEVANCE orders by the concept's mention score when $concept is given, else by the
// method's edge score when $method is (as papers(concept:) and papers(method:) do; a paper
// linked twice counts its best edge), else newest first. Starts from the author (unique index
// on Author.key), so it costs their papers, not the graph's: an author filter is always this
// statement, even beside a concept a fifth of the graph mentions.
// params: $author (an Author key), $year, $venue, $concept, $method, $orderBy, $skip, $first.
// returns: total, page (list of paper maps), conceptFound and methodFound (whether $concept and
// $method, when given, are keys of a concept and a method).
OPTIONAL MATCH (a:Author {key: $author})
CALL (a) {
  MATCH (a)-[:WROTE]->(p:Paper)
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
    AND ($concept IS NULL OR EXISTS { (p)-[:MENTIONS]->(:Concept {key: $concept}) })
    AND ($method IS NULL OR EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: $method}) })
  WITH p, CASE WHEN $orderBy <> 'RELEVANCE' THEN null
               WHEN $concept IS NOT NULL
                 THEN head(COLLECT { MATCH (p)-[m:MENTIONS]->(:Concept {key: $concept})
                                     RETURN m.score ORDER BY m.score DESC })
               WHEN $method IS NOT NULL
                 THEN head(COLLECT { MATCH (p)-[r:PROPOSES|USES]->(:Method {key: $method})
                                     RETURN r.score ORDER BY r.score DESC })
          END AS score
  ORDER BY score DESC,
           CASE WHEN $orderBy = 'YEAR_ASC' THEN coalesce(p.year, 9999) END ASC,
           CASE WHEN $orderBy = 'TITLE' THEN toLower(coalesce(p.title, p.label)) END ASC,
           coalesce(p.year, 0) DESC, p.id ASC
  RETURN collect(p) AS papers
}
RETURN size(papers) AS total,
       [p IN papers[$skip..$skip + $first] |
        p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}] AS page,
       $concept IS NULL OR EXISTS { MATCH (:Concept {key: $concept}) } AS conceptFound,
       $method IS NULL OR EXISTS { MATCH (:Method {key: $method}) } AS methodFound
