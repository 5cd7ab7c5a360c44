// One page of the papers proposing or using a method, optionally filtered by year and venue (a
// concept filter starts from the concept: find_papers_by_concept; an author filter from the
// author: find_papers_by_author). RELEVANCE orders by the edge score; every order breaks ties
// newest first, then by id. Starts from the method (unique index on Method.key).
// A paper proposes or uses a method through one edge (the extractor names it one way, and
// merge_concepts_into_methods adds no use where there is one), so the method's degree is its
// number of papers.
// Unfiltered, a method a fifth of the graph uses is never expanded whole (capped by an index,
// not sampled: the page is exact): the total is the method's degree, read off the node, and
// the page is read in order off the relationship range indexes over keys every PROPOSES and
// USES edge carries (see merge_methods), led by the method's key: the first $skip + $first of
// each type, then the page of the two (a paper among the first n of both types together is
// among the first n of its own type), so it reads about twice $skip + $first edges whatever
// the method's size:
//   RELEVANCE  use_relevance, proposal_relevance  methodKey, sortScore (-score), sortNewest, paperId
//   YEAR_ASC   use_oldest, proposal_oldest        methodKey, sortOldest, sortNewest, paperId
//   TITLE      use_title, proposal_title          methodKey, sortTitle, sortNewest, paperId
//   otherwise  use_newest, proposal_newest        methodKey, sortNewest, paperId
// which is why each ORDER BY names them all; the hints keep the planner on the index that
// holds the order and on a seek of the method's entries (see find_papers_by_concept).
// Filtered, the method's papers that pass are sorted and counted (bounded by its degree).
// Only one CASE branch runs (each COLLECT is its own plan).
// params: $method, $year, $venue, $orderBy, $skip, $first.
// returns: total, page (list of paper maps), methodFound (whether $method is a method's key).
OPTIONAL MATCH (x:Method {key: $method})
WITH x, $year IS NULL AND $venue IS NULL AS whole
CALL (x, whole) {
  WITH x WHERE x IS NOT NULL AND NOT whole
  MATCH (x)<-[r:PROPOSES|USES]-(p:Paper)
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
  WITH p, r.score AS score
  ORDER BY CASE WHEN $orderBy = 'RELEVANCE' THEN score END DESC,
           CASE WHEN $orderBy = 'YEAR_ASC' THEN coalesce(p.year, 9999) END ASC,
           CASE WHEN $orderBy = 'TITLE' THEN toLower(coalesce(p.title, p.label)) END ASC,
           coalesce(p.year, 0) DESC, p.id ASC
  RETURN collect(p) AS matching
}
WITH x, whole, matching,
  CASE
    WHEN x IS NULL THEN 0
    WHEN whole THEN COUNT { (x)<-[:PROPOSES|USES]-() }
    ELSE size(matching)
  END AS total,
  CASE
    WHEN x IS NULL THEN []
    WHEN NOT whole THEN matching[$skip..$skip + $first]
    WHEN $orderBy = 'RELEVANCE' THEN COLLECT {
      CALL () {
        MATCH (p)-[e:USES]->()
        USING INDEX SEEK e:USES(methodKey, sortScore, sortNewest, paperId)
        WHERE e.methodKey = $method AND e.sortScore IS NOT NULL AND e.sortNewest IS NOT NULL
          AND e.paperId IS NOT NULL
        WITH p, e ORDER BY e.methodKey, e.sortScore, e.sortNewest, e.paperId LIMIT $skip + $first
        RETURN p, e
        UNION ALL
        MATCH (p)-[e:PROPOSES]->()
        USING INDEX SEEK e:PROPOSES(methodKey, sortScore, sortNewest, paperId)
        WHERE e.methodKey = $method AND e.sortScore IS NOT NULL AND e.sortNewest IS NOT NULL
          AND e.paperId IS NOT NULL
        WITH p, e ORDER BY e.methodKey, e.sortScore, e.sortNewest, e.paperId LIMIT $skip + $first
        RETURN p, e
      }
      WITH p, e ORDER BY e.sortScore, e.sortNewest, e.paperId SKIP $skip LIMIT $first
      RETURN p }
    WHEN $orderBy = 'YEAR_ASC' THEN COLLECT {
      CALL () {
        MATCH (p)-[e:USES]->()
        USING INDEX SEEK e:USES(methodKey, sortOldest, sortNewest, paperId)
        WHERE e.methodKey = $method AND e.sortOldest IS NOT NULL AND e.sortNewest IS NOT NULL
          AND e.paperId IS NOT NULL
        WITH p, e ORDER BY e.methodKey, e.sortOldest, e.sortNewest, e.paperId LIMIT $skip + $first
        RETURN p, e
        UNION ALL
        MATCH (p)-[e:PROPOSES]->()
        USING INDEX SEEK e:PROPOSES(methodKey, sortOldest, sortNewest, paperId)
        WHERE e.methodKey = $method AND e.sortOldest IS NOT NULL AND e.sortNewest IS NOT NULL
          AND e.paperId IS NOT NULL
        WITH p, e ORDER BY e.methodKey, e.sortOldest, e.sortNewest, e.paperId LIMIT $skip + $first
        RETURN p, e
      }
      WITH p, e ORDER BY e.sortOldest, e.sortNewest, e.paperId SKIP $skip LIMIT $first
      RETURN p }
    WHEN $orderBy = 'TITLE' THEN COLLECT {
      CALL () {
        MATCH (p)-[e:USES]->()
        USING INDEX SEEK e:USES(methodKey, sortTitle, sortNewest, paperId)
        WHERE e.methodKey = $method AND e.sortTitle IS NOT NULL AND e.sortNewest IS NOT NULL
          AND e.paperId IS NOT NULL
        WITH p, e ORDER BY e.methodKey, e.sortTitle, e.sortNewest, e.paperId LIMIT $skip + $first
        RETURN p, e
        UNION ALL
        MATCH (p)-[e:PROPOSES]->()
        USING INDEX SEEK e:PROPOSES(methodKey, sortTitle, sortNewest, paperId)
        WHERE e.methodKey = $method AND e.sortTitle IS NOT NULL AND e.sortNewest IS NOT NULL
          AND e.paperId IS NOT NULL
        WITH p, e ORDER BY e.methodKey, e.sortTitle, e.sortNewest, e.paperId LIMIT $skip + $first
        RETURN p, e
      }
      WITH p, e ORDER BY e.sortTitle, e.sortNewest, e.paperId SKIP $skip LIMIT $first
      RETURN p }
    ELSE COLLECT {
      CALL () {
        MATCH (p)-[e:USES]->()
        USING INDEX SEEK e:USES(methodKey, sortNewest, paperId)
        WHERE e.methodKey = $method AND e.sortNewest IS NOT NULL AND e.paperId IS NOT NULL
        WITH p, e ORDER BY e.methodKey, e.sortNewest, e.paperId LIMIT $skip + $first
        RETURN p, e
        UNION ALL
        MATCH (p)-[e:PROPOSES]->()
        USING INDEX SEEK e:PROPOSES(methodKey, sortNewest, paperId)
        WHERE e.methodKey = $method AND e.sortNewest IS NOT NULL AND e.paperId IS NOT NULL
        WITH p, e ORDER BY e.methodKey, e.sortNewest, e.paperId LIMIT $skip + $first
        RETURN p, e
      }
      WITH p, e ORDER BY e.sortNewest, e.paperId SKIP $skip LIMIT $first
      RETURN p }
  END AS papers
RETURN total,
       [p IN papers | p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}] AS page,
       x IS NOT NULL AS methodFound
