// Schema: whether the acronym_definition index exists, i.e. whether the stored papers'
// definitions are indexed (schema_acronym_definition is created after they are).
// params: none. returns: indexed (boolean).
SHOW INDEXES YIELD name
WHERE name = 'acronym_definition'
RETURN count(*) > 0 AS indexed
