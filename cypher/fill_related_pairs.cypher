// Give the RELATED_TO edges written before they carried it their pair key (see link_related).
// Run by ensure_schema only while the related_pair index is missing: it is created after this,
// so its existence says it is done; an interrupted run is redone whole.
// params: none. returns: filled (how many edges got their key).
MATCH (m:Method)-[r:RELATED_TO]->(c:Concept)
CALL (m, r, c) {
  SET r.pair = id(m) * 4294967296 + id(c)
} IN TRANSACTIONS OF 10000 ROWS
RETURN count(r) AS filled
