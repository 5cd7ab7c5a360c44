// Schema: whether the index named $name exists. A migration (graph/schema.py) creates its
// indexes only once its backfill is done, so that the index exists says none is due.
// params: $name. returns: indexed (boolean).
SHOW INDEXES YIELD name
WHERE name = $name
RETURN count(*) > 0 AS indexed
