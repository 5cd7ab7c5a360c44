// known_acronyms for a graph whose papers' definitions are not indexed yet (written before
// AcronymDefinition nodes were, and not migrated by an ensure_schema since): the same answer,
// read from every paper's p.acronyms list, as loads did before the index existed.
// params: $acronyms: [string]. returns: acronym, key (one row per acronym some paper defines).
MATCH (p:Paper)
WHERE p.acronyms IS NOT NULL
UNWIND p.acronyms AS definition
WITH p.id AS id, definition, split(definition, '=')[0] AS acronym
WHERE acronym IN $acronyms AND size(definition) > size(acronym) + 1
WITH acronym, id, definition
ORDER BY id, definition
RETURN acronym, head(collect(substring(definition, size(acronym) + 1))) AS key
