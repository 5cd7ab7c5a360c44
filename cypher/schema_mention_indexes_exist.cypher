// Schema: whether all four mention_* indexes exist, i.e. whether every mention carries the keys
// papers(concept:) is ordered by (they are created after fill_mention_sort_keys).
// params: none. returns: indexed (boolean).
SHOW INDEXES YIELD name
WHERE name IN ['mention_relevance', 'mention_newest', 'mention_oldest', 'mention_title']
RETURN count(*) = 4 AS indexed
