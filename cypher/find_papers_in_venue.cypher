// One page of the papers of a venue, or of the venue in one year: find_papers under a venue,
// index-ordered the same way (a page reads about $skip + $first papers whatever the size of
// the venue or the graph) over the same sort keys, each index led by the venue
// (schema_paper_venue_*). The total is an index count of the venue's (or the venue-year's)
// papers, without reading a paper.
// params: $venue, $year (null = any), $orderBy ('RELEVANCE'|'YEAR_DESC'|'YEAR_ASC'|'TITLE'),
// $skip, $first. returns: total (papers matching), page (list of paper maps, in order).
WITH
  CASE WHEN $year IS NULL THEN COUNT { MATCH (p:Paper) WHERE p.venue = $venue }
       ELSE COUNT {
         MATCH (p:Paper) USING INDEX p:Paper(venue, sortNewest, id)
         WHERE p.venue = $venue AND p.sortNewest = -$year AND p.id IS NOT NULL
           AND p.year = $year } END AS total,
  CASE
    WHEN $orderBy = 'TITLE' AND $year IS NULL THEN COLLECT {
      MATCH (p:Paper) USING INDEX p:Paper(venue, sortTitle, sortNewest, id)
      WHERE p.venue = $venue AND p.sortTitle IS NOT NULL AND p.sortNewest IS NOT NULL
        AND p.id IS NOT NULL
      WITH p ORDER BY p.venue, p.sortTitle, p.sortNewest, p.id SKIP $skip LIMIT $first
      RETURN p }
    WHEN $orderBy = 'TITLE' THEN COLLECT {
      MATCH (p:Paper) USING INDEX p:Paper(venue, sortNewest, sortTitle, id)
      WHERE p.venue = $venue AND p.sortNewest = -$year AND p.sortTitle IS NOT NULL
        AND p.id IS NOT NULL AND p.year = $year
      WITH p ORDER BY p.venue, p.sortNewest, p.sortTitle, p.id SKIP $skip LIMIT $first
      RETURN p }
    WHEN $year IS NOT NULL THEN COLLECT {
      MATCH (p:Paper) USING INDEX p:Paper(venue, sortNewest, id)
      WHERE p.venue = $venue AND p.sortNewest = -$year AND p.id IS NOT NULL AND p.year = $year
      WITH p ORDER BY p.venue, p.sortNewest, p.id SKIP $skip LIMIT $first
      RETURN p }
    WHEN $orderBy = 'YEAR_ASC' THEN COLLECT {
      MATCH (p:Paper) USING INDEX p:Paper(venue, sortOldest, id)
      WHERE p.venue = $venue AND p.sortOldest IS NOT NULL AND p.id IS NOT NULL
      WITH p ORDER BY p.venue, p.sortOldest, p.id SKIP $skip LIMIT $first
      RETURN p }
    ELSE COLLECT {
      MATCH (p:Paper) USING INDEX p:Paper(venue, sortNewest, id)
      WHERE p.venue = $venue AND p.sortNewest IS NOT NULL AND p.id IS NOT NULL
      WITH p ORDER BY p.venue, p.sortNewest, p.id SKIP $skip LIMIT $first
      RETURN p }
  END AS papers
RETURN total,
       [p IN papers | p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}] AS page
