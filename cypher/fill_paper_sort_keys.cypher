// Give the papers written before the listing's sort keys were kept their keys (upsert_papers
// writes them with every paper since), so the index-ordered papers() listing finds every paper
// of an older graph once its schema is ensured. Same keys as upsert_papers: sortTitle (the
// lower-case title, else label), sortNewest (the year negated, an undated paper as year 0) and
// sortOldest (the year, an undated paper as 9999). Run once, before the indexes that read the
// keys (graph/schema.py). params: none. returns: filled (how many papers got their keys).
MATCH (p:Paper) WHERE p.sortNewest IS NULL
CALL (p) {
  SET p.sortTitle = toLower(coalesce(p.title, p.label)),
      p.sortNewest = -coalesce(p.year, 0),
      p.sortOldest = coalesce(p.year, 9999)
} IN TRANSACTIONS OF 10000 ROWS
RETURN count(p) AS filled
