// How many papers link to each given concept and method key (absent keys are left out).
// params: $concepts: [string], $methods: [string].
// returns: kind ('concept' or 'method'), entity (concept or method map with paperCount).
CALL () {
  UNWIND $concepts AS key
  MATCH (c:Concept {key: key})
  RETURN 'concept' AS kind, c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }} AS entity
  UNION ALL
  UNWIND $methods AS key
  MATCH (m:Method {key: key})
  RETURN 'method' AS kind,
         m {.key, .name, .aliases, .kind, paperCount: COUNT { (m)<-[:PROPOSES|USES]-() }} AS entity
}
RETURN kind, entity
