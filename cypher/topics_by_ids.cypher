// Topics by id; batched. params: $ids: [string]. returns: id, topic (map).
UNWIND $ids AS id
MATCH (t:Topic {id: id})
RETURN id, t {.id, .name, .conceptCount, paperCount: COUNT { (t)<-[:HAS_TOPIC]-() }} AS topic
