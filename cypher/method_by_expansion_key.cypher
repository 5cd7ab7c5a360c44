// The Methods spelled out by the concept key $key (among their expansionKeys): where a concept
// merged into a method went (see merge_concepts_into_methods). The full-text index
// method_expansion_text narrows the candidates ($phrase is $key as an escaped Lucene phrase).
// params: $key, $phrase. returns: method (map with paperCount), most papers first.
CALL db.index.fulltext.queryNodes('method_expansion_text', $phrase) YIELD node AS m
WHERE $key IN m.expansionKeys
WITH m, COUNT { (m)<-[:PROPOSES|USES]-() } AS papers
ORDER BY papers DESC, m.key
RETURN m {.key, .name, .aliases, .kind, paperCount: papers} AS method
