// One Method by its key (unique index).
// params: $key. returns: method (map with paperCount); no row when there is none.
MATCH (m:Method {key: $key})
RETURN m {.key, .name, .aliases, .kind, paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }} AS method
