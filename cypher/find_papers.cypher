// One page of all papers, or of one year's: the papers() listing when no search, concept, method
// or author anchors it (find_papers_in_venue when a venue does).
// Index-ordered, so a page reads about $skip + $first papers whatever the size of the graph: an
// ORDER BY on an expression (toLower(title), coalesce(year, 0)) sorts every paper. Each order
// walks a composite range index over the sort keys every paper stores (see upsert_papers), in
// the order of its properties, which is why each ORDER BY names them all:
//   newest first (RELEVANCE has no score here)  sortNewest, id       (-year, an undated paper 0)
//   YEAR_ASC                                    sortOldest, id       (year, an undated paper 9999)
//   TITLE                                       sortTitle, sortNewest, id
//   within $year: by id, or TITLE by sortTitle, id (sortNewest = -$year)
// so the order is the one papers have always had: ties by newest first, then id. The hints keep
// the planner on the index that holds the order (it may pick a like one that does not). Only
// the CASE branch taken runs (each COLLECT is its own plan). The total is the count store's
// number of papers, or an index count of the year's, without reading a paper.
// params: $year (null = any), $orderBy ('RELEVANCE'|'YEAR_DESC'|'YEAR_ASC'|'TITLE'), $skip,
// $first. returns: total (papers matching), page (list of paper maps, in order).
WITH
  CASE WHEN $year IS NULL THEN COUNT { MATCH (:Paper) }
       ELSE COUNT { MATCH (p:Paper) WHERE p.year = $year } END AS total,
  CASE
    WHEN $orderBy = 'TITLE' AND $year IS NULL THEN COLLECT {
      MATCH (p:Paper) USING INDEX p:Paper(sortTitle, sortNewest, id)
      WHERE p.sortTitle IS NOT NULL AND p.sortNewest IS NOT NULL AND p.id IS NOT NULL
      WITH p ORDER BY p.sortTitle, p.sortNewest, p.id SKIP $skip LIMIT $first
      RETURN p }
    WHEN $orderBy = 'TITLE' THEN COLLECT {
      MATCH (p:Paper) USING INDEX p:Paper(sortNewest, sortTitle, id)
      WHERE p.sortNewest = -$year AND p.sortTitle IS NOT NULL AND p.id IS NOT NULL
        AND p.year = $year
      WITH p ORDER BY p.sortNewest, p.sortTitle, p.id SKIP $skip LIMIT $first
      RETURN p }
    WHEN $year IS NOT NULL THEN COLLECT {
      MATCH (p:Paper) USING INDEX p:Paper(sortNewest, id)
      WHERE p.sortNewest = -$year AND p.id IS NOT NULL AND p.year = $year
      WITH p ORDER BY p.sortNewest, p.id SKIP $skip LIMIT $first
      RETURN p }
    WHEN $orderBy = 'YEAR_ASC' THEN COLLECT {
      MATCH (p:Paper) USING INDEX p:Paper(sortOldest, id)
      WHERE p.sortOldest IS NOT NULL AND p.id IS NOT NULL
      WITH p ORDER BY p.sortOldest, p.id SKIP $skip LIMIT $first
      RETURN p }
    ELSE COLLECT {
      MATCH (p:Paper) USING INDEX p:Paper(sortNewest, id)
      WHERE p.sortNewest IS NOT NULL AND p.id IS NOT NULL
      WITH p ORDER BY p.sortNewest, p.id SKIP $skip LIMIT $first
      RETURN p }
  END AS papers
RETURN total,
       [p IN papers | p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}] AS page
