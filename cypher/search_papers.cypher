// One page of a full-text search over title, abstract and author names (index paper_search), with
// the same optional filters as find_papers, in an order other than relevance (papers(search:)
// in relevance order fuses words and meaning instead, see search_lexical).
// params: $search (a safe Lucene query), $year, $venue, $concept, $method, $orderBy, $skip,
//   $first, and the query's own filters $yearFrom, $yearTo, $venueText (or null).
// returns: total, page (list of paper maps), conceptFound and methodFound (whether $concept and
// $method, when given, are keys of a concept and a method).
// $author: an Author key, or null for papers by anyone.
CALL () {
  CALL db.index.fulltext.queryNodes('paper_search', $search) YIELD node AS p
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
    AND ($yearFrom IS NULL OR p.year >= $yearFrom) AND ($yearTo IS NULL OR p.year <= $yearTo)
    AND ($venueText IS NULL OR toLower(p.venue) CONTAINS toLower($venueText))
    AND ($concept IS NULL OR EXISTS { (p)-[:MENTIONS]->(:Concept {key: $concept}) })
    AND ($method IS NULL OR EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: $method}) })
    AND ($author IS NULL OR EXISTS { (:Author {key: $author})-[:WROTE]->(p) })
  RETURN count(p) AS total
}
CALL () {
  CALL db.index.fulltext.queryNodes('paper_search', $search) YIELD node AS p, score
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
    AND ($yearFrom IS NULL OR p.year >= $yearFrom) AND ($yearTo IS NULL OR p.year <= $yearTo)
    AND ($venueText IS NULL OR toLower(p.venue) CONTAINS toLower($venueText))
    AND ($concept IS NULL OR EXISTS { (p)-[:MENTIONS]->(:Concept {key: $concept}) })
    AND ($method IS NULL OR EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: $method}) })
    AND ($author IS NULL OR EXISTS { (:Author {key: $author})-[:WROTE]->(p) })
  WITH p, score
  ORDER BY CASE WHEN $orderBy = 'RELEVANCE' THEN score END DESC,
           CASE WHEN $orderBy = 'YEAR_ASC' THEN coalesce(p.year, 9999) END ASC,
           CASE WHEN $orderBy = 'TITLE' THEN toLower(coalesce(p.title, p.label)) END ASC,
           coalesce(p.year, 0) DESC, p.id ASC
  SKIP $skip LIMIT $first
  RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}) AS page
}
RETURN total, page,
       $concept IS NULL OR EXISTS { MATCH (:Concept {key: $concept}) } AS conceptFound,
       $method IS NULL OR EXISTS { MATCH (:Method {key: $method}) } AS methodFound
