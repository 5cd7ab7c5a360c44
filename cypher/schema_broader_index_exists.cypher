// Schema: whether the concept_broader_pending index exists, i.e. whether every concept that
// waits to be placed carries broaderPending (schema_concept_broader_pending is created after
// flag_unplaced_concepts). params: none. returns: indexed (boolean).
SHOW INDEXES YIELD name
WHERE name = 'concept_broader_pending'
RETURN count(*) > 0 AS indexed
