// Schema: relationship range index on RELATED_TO.pair (see link_related), by which a batch finds
// the edge of a (method, concept) pair without walking either node's RELATED_TO edges.
// params: none. returns: nothing.
CREATE INDEX related_pair IF NOT EXISTS
FOR ()-[r:RELATED_TO]-() ON (r.pair)
