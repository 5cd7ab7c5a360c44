// Schema: index behind the resolution after a load (graph/_resolution.py), which settles only
// the papers written since the last one (resolvePending), not every paper of the graph.
// params: none. returns: nothing.
CREATE INDEX paper_resolve_pending IF NOT EXISTS FOR (p:Paper) ON (p.resolvePending)
