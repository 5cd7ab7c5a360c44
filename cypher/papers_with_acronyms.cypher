// A page of the stored papers that define acronyms, in match-key order after $after, for indexing
// the definitions of a graph written before they were indexed (write_acronym_definitions).
// params: $after: string, $limit: int. returns: matchKey.
MATCH (p:Paper)
WHERE p.matchKey > $after AND size(p.acronyms) > 0
RETURN p.matchKey AS matchKey
ORDER BY p.matchKey
LIMIT $limit
