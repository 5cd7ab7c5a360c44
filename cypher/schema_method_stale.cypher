// Schema: index behind stale_methods (methods awaiting a RELATED_TO refresh).
// params: none. returns: nothing.
CREATE INDEX method_related_stale IF NOT EXISTS FOR (m:Method) ON (m.relatedStale)
