// One Concept by its key (unique index).
// params: $key. returns: concept (map with paperCount); no row when there is none.
MATCH (c:Concept {key: $key})
RETURN c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }} AS concept
