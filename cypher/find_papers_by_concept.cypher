// One page of the papers mentioning a concept, optionally also filtered by year, venue and
// method (an author filter starts from the author: find_papers_by_author). RELEVANCE orders by
// the mention score; every order breaks ties newest first, then by id. Starts from the concept
// (unique index on Concept.key).
// Unfiltered, a concept a fifth of the graph mentions is never expanded whole (capped by an
// index, not sampled: the page is exact): the total is the concept's degree, read off the node,
// and the page is read in order off a relationship range index over keys every mention carries
// (see merge_mentions), led by the concept's key, so it reads about $skip + $first mentions
// (only papers mention: no label to check) whatever the concept's size:
//   RELEVANCE  mention_relevance  conceptKey, sortScore (-score), sortNewest, paperId
//   YEAR_ASC   mention_oldest     conceptKey, sortOldest, sortNewest, paperId
//   TITLE      mention_title      conceptKey, sortTitle, sortNewest, paperId
//   otherwise  mention_newest     conceptKey, sortNewest, paperId
// which is why each ORDER BY names them all. The hints keep the planner on the index that
// holds the order (it picks a like one that does not), and on a seek of the concept's entries:
// where the index holds few concepts it plans a scan of every entry, and a plan is reused
// after the graph has grown, so a concept three papers mention read the whole index.
// Filtered, the papers that pass are sorted and counted, read from the fewest candidates the
// filters allow (bounded by the smaller side, not capped): the method's papers when fewer
// papers name the method than mention the concept (degrees read off the nodes), else the
// concept's mentions of $year off mention_newest (sortNewest is the year negated), else every
// mention of the concept (a venue filter alone). Only one UNION branch and one CASE branch
// run (each COUNT and COLLECT is its own plan).
// params: $concept, $year, $venue, $method, $orderBy ('RELEVANCE'|'YEAR_DESC'|'YEAR_ASC'|
// 'TITLE'), $skip, $first.
// returns: total, page (list of paper maps), conceptFound and methodFound (whether $concept and
// $method, when given, are keys of a concept and a method).
OPTIONAL MATCH (c:Concept {key: $concept})
WITH c, $year IS NULL AND $venue IS NULL AND $method IS NULL AS whole
CALL (c, whole) {
  OPTIONAL MATCH (x:Method {key: $method})
  WITH c, x, c IS NOT NULL AND NOT whole AND ($method IS NULL OR x IS NOT NULL) AS filtered
  WITH c, x, filtered,
       filtered AND x IS NOT NULL
         AND COUNT { (x)<-[:PROPOSES|USES]-() } < COUNT { (c)<-[:MENTIONS]-() } AS fromMethod
  CALL (c, x, filtered, fromMethod) {
    WITH c, x, fromMethod WHERE fromMethod
    MATCH (x)<-[:PROPOSES|USES]-(p:Paper)
    // a horizon, so the planner cannot start from the concept's side instead
    WITH DISTINCT c, p
    MATCH (p)-[m:MENTIONS]->(c)
    RETURN p, m
    UNION
    WITH filtered, fromMethod WHERE filtered AND NOT fromMethod AND $year IS NOT NULL
    MATCH (p)-[m:MENTIONS]->()
    USING INDEX SEEK m:MENTIONS(conceptKey, sortNewest, paperId)
    WHERE m.conceptKey = $concept AND m.sortNewest = -$year AND m.paperId IS NOT NULL
    RETURN p, m
    UNION
    WITH c, filtered, fromMethod WHERE filtered AND NOT fromMethod AND $year IS NULL
    MATCH (c)<-[m:MENTIONS]-(p)
    RETURN p, m
  }
  WITH p, m
  WHERE ($year IS NULL OR p.year = $year) AND ($venue IS NULL OR p.venue = $venue)
    AND ($method IS NULL OR EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: $method}) })
  WITH p, m
  ORDER BY CASE WHEN $orderBy = 'RELEVANCE' THEN m.score END DESC,
           CASE WHEN $orderBy = 'YEAR_ASC' THEN coalesce(p.year, 9999) END ASC,
           CASE WHEN $orderBy = 'TITLE' THEN toLower(coalesce(p.title, p.label)) END ASC,
           coalesce(p.year, 0) DESC, p.id ASC
  RETURN collect(p) AS matching
}
WITH c, whole, matching,
  CASE
    WHEN c IS NULL THEN 0
    WHEN whole THEN COUNT { (c)<-[:MENTIONS]-() }
    ELSE size(matching)
  END AS total,
  CASE
    WHEN c IS NULL THEN []
    WHEN NOT whole THEN matching[$skip..$skip + $first]
    WHEN $orderBy = 'RELEVANCE' THEN COLLECT {
      MATCH (p)-[m:MENTIONS]->()
      USING INDEX SEEK m:MENTIONS(conceptKey, sortScore, sortNewest, paperId)
      WHERE m.conceptKey = $concept AND m.sortScore IS NOT NULL AND m.sortNewest IS NOT NULL
        AND m.paperId IS NOT NULL
      WITH p, m ORDER BY m.conceptKey, m.sortScore, m.sortNewest, m.paperId SKIP $skip LIMIT $first
      RETURN p }
    WHEN $orderBy = 'YEAR_ASC' THEN COLLECT {
      MATCH (p)-[m:MENTIONS]->()
      USING INDEX SEEK m:MENTIONS(conceptKey, sortOldest, sortNewest, paperId)
      WHERE m.conceptKey = $concept AND m.sortOldest IS NOT NULL AND m.sortNewest IS NOT NULL
        AND m.paperId IS NOT NULL
      WITH p, m ORDER BY m.conceptKey, m.sortOldest, m.sortNewest, m.paperId SKIP $skip LIMIT $first
      RETURN p }
    WHEN $orderBy = 'TITLE' THEN COLLECT {
      MATCH (p)-[m:MENTIONS]->()
      USING INDEX SEEK m:MENTIONS(conceptKey, sortTitle, sortNewest, paperId)
      WHERE m.conceptKey = $concept AND m.sortTitle IS NOT NULL AND m.sortNewest IS NOT NULL
        AND m.paperId IS NOT NULL
      WITH p, m ORDER BY m.conceptKey, m.sortTitle, m.sortNewest, m.paperId SKIP $skip LIMIT $first
      RETURN p }
    ELSE COLLECT {
      MATCH (p)-[m:MENTIONS]->()
      USING INDEX SEEK m:MENTIONS(conceptKey, sortNewest, paperId)
      WHERE m.conceptKey = $concept AND m.sortNewest IS NOT NULL AND m.paperId IS NOT NULL
      WITH p, m ORDER BY m.conceptKey, m.sortNewest, m.paperId SKIP $skip LIMIT $first
      RETURN p }
  END AS papers
RETURN total,
       [p IN papers | p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}] AS page,
       c IS NOT NULL AS conceptFound,
       $method IS NULL OR EXISTS { MATCH (:Method {key: $method}) } AS methodFound
