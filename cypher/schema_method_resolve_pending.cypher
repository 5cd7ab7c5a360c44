// Schema: index behind the resolution after a load (graph/_resolution.py), which settles only
// the methods written since the last one (resolvePending), not every method of the graph.
// params: none. returns: nothing.
CREATE INDEX method_resolve_pending IF NOT EXISTS FOR (m:Method) ON (m.resolvePending)
