// Each paper's concepts that take part in topics: those in $minPapers papers or more (a concept
// of one paper says nothing about themes) and in at most $maxShare of all papers (such a hub
// would glue every theme into one); papers with fewer than two are left out. The pairs are
// counted in Python (graph/topics.py): one row per paper keeps this linear in the mentions.
// params: $minPapers: int, $maxShare: float, $embeddings: bool. returns: keys, names (parallel
// lists), embedding (the paper's vector where $embeddings, else null): the concepts' contexts
// weigh their pairs (graph/topics.py).
WITH COUNT { (:Paper) } AS n
MATCH (p:Paper)
WITH n, p, [(p)-[:MENTIONS]->(c:Concept) | c] AS mentioned
WITH p, [c IN mentioned WHERE COUNT { (c)<-[:MENTIONS]-() } >= $minPapers
      AND COUNT { (c)<-[:MENTIONS]-() } <= $maxShare * n] AS kept
WHERE size(kept) > 1
RETURN [c IN kept | c.key] AS keys, [c IN kept | c.name] AS names, CASE WHEN $embeddings THEN p.embedding END AS embedding
