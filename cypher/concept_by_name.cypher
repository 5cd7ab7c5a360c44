// The Concepts whose name or one of whose aliases equals $name, ignoring case. The full-text index
// concept_text narrows the candidates ($phrase is $name as an escaped Lucene phrase).
// params: $name, $phrase. returns: concept (map with paperCount), most papers first.
CALL db.index.fulltext.queryNodes('concept_text', $phrase) YIELD node AS c
WHERE toLower(c.name) = toLower($name) OR any(a IN c.aliases WHERE toLower(a) = toLower($name))
WITH c, COUNT { (c)<-[:MENTIONS]-() } AS papers
ORDER BY papers DESC, c.key
RETURN c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }} AS concept
