// The broader concept of each concept, with its own broader ones up the chain (nearest first);
// batched. params: $keys: [string]. returns: key, broader (list of concept maps, nearest first).
UNWIND $keys AS key
MATCH (c:Concept {key: key})
RETURN key, COLLECT {
  MATCH path = (c)-[:BROADER*1..]->(b:Concept)
  WITH b, length(path) AS up ORDER BY up
  RETURN b {.key, .name, .aliases, paperCount: COUNT { (b)<-[:MENTIONS]-() }}
} AS broader
