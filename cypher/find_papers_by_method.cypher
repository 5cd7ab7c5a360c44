// One page of the papers proposing or using a method, optionally filtered by year and venue (a
// concept filter starts from the concept: find_papers_by_concept; an author filter from the
// author: find_papers_by_author).
// RELEVANCE orders by the edge score (a paper linked twice counts its best edge).
// params: $method, $year, $venue, $orderBy, $skip, $first.
// returns: total, page (list of paper maps), methodFound (whether $method is a method's key).
OPTIONAL MATCH (x:Method {key: $method})
CALL (x) {
  MATCH (x)<-[:PROPOSES|USES]-(p:Paper)
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
  RETURN count(DISTINCT p) AS total
}
CALL (x) {
  MATCH (x)<-[r:PROPOSES|USES]-(p:Paper)
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
  WITH p, max(r.score) AS score
  ORDER BY CASE WHEN $orderBy = 'RELEVANCE' THEN score END DESC,
           CASE WHEN $orderBy = 'YEAR_ASC' THEN coalesce(p.year, 9999) END ASC,
           CASE WHEN $orderBy = 'TITLE' THEN toLower(coalesce(p.title, p.label)) END ASC,
           coalesce(p.year, 0) DESC, p.id ASC
  SKIP $skip LIMIT $first
  RETURN collect(p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status}) AS page
}
RETURN total, page, x IS NOT NULL AS methodFound
