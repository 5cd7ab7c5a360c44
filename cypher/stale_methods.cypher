// Keys of methods whose RELATED_TO edges need recomputing (a killed load leaves them flagged,
// and the next load or refresh picks them up). params: $limit. returns: key.
MATCH (m:Method)
WHERE m.relatedStale = true
RETURN m.key AS key
LIMIT $limit
