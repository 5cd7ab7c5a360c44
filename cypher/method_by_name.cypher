// The Methods whose name or one of whose aliases equals $name, ignoring case. The full-text index
// method_text narrows the candidates ($phrase is $name as an escaped Lucene phrase).
// params: $name, $phrase. returns: method (map with paperCount), most papers first.
CALL db.index.fulltext.queryNodes('method_text', $phrase) YIELD node AS m
WHERE toLower(m.name) = toLower($name) OR any(a IN m.aliases WHERE toLower(a) = toLower($name))
WITH m, COUNT { (m)<-[:PROPOSES|USES]-() } AS papers
ORDER BY papers DESC, m.key
RETURN m {.key, .name, .aliases, .kind, paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }} AS method
