// Papers whose stored vector is missing or of another size than the current embedding model's
// (written by an earlier model): a load embeds them anew (graph.embeddings.papers_to_embed).
// params: $dimensions (int), $first (int), $exclude ([id]: papers with nothing to embed).
// returns: id, abstract.
MATCH (p:Paper)
WHERE (p.embedding IS NULL OR size(p.embedding) <> $dimensions) AND NOT p.id IN $exclude
RETURN p.id AS id, p.abstract AS abstract
ORDER BY p.id
LIMIT $first
