// Schema: index behind the resolution after a load (graph/_resolution.py), which settles only
// the concepts written since the last one (resolvePending), not every concept of the graph.
// params: none. returns: nothing.
CREATE INDEX concept_resolve_pending IF NOT EXISTS FOR (c:Concept) ON (c.resolvePending)
