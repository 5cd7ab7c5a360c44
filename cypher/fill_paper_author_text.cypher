// Backfill: authorText (the author names joined by "; ", which paper_search indexes) on every
// paper written before it was kept, in batches. params: none. returns: nothing.
MATCH (p:Paper) WHERE p.authorText IS NULL
CALL (p) {
  SET p.authorText = reduce(text = '', name IN coalesce(p.authors, []) |
    text + CASE WHEN text = '' THEN '' ELSE '; ' END + name)
} IN TRANSACTIONS OF 10000 ROWS
