// Every acronym definition stored papers made ("GNN=graph neural network"), so the extractor
// resolves acronyms defined in earlier (or interrupted) loads. params: none. returns: definition.
MATCH (p:Paper)
WHERE p.acronyms IS NOT NULL
UNWIND p.acronyms AS definition
WITH DISTINCT p.id AS id, definition
RETURN definition
ORDER BY id, definition
