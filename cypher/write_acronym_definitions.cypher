// Index the acronym definitions these papers store in p.acronyms ("GNN=graph neural network",
// the acronym in the form the extractor's registry keys it by) as one AcronymDefinition node per
// paper and acronym, so a load finds an acronym's definitions through the range index on
// (acronym, paperId) instead of reading every paper's list (known_acronyms). The paper's old
// nodes are replaced, so a reload that changes or drops a definition, or gives the paper its
// source id, leaves none stale. As the registry did when it read the lists, a definition with an
// empty acronym or key is skipped, and of two keys one paper gives one acronym the smaller counts.
// params: $matchKeys: [string]. returns: definitions (nodes written).
UNWIND $matchKeys AS matchKey
MATCH (p:Paper {matchKey: matchKey})
CALL (p) {
  MATCH (p)-[:DEFINES_ACRONYM]->(old:AcronymDefinition)
  DETACH DELETE old
}
CALL (p) {
  UNWIND coalesce(p.acronyms, []) AS definition
  WITH definition, split(definition, '=')[0] AS acronym
  WITH acronym, substring(definition, size(acronym) + 1) AS key
  WHERE acronym <> '' AND key <> ''
  WITH acronym, min(key) AS key
  CREATE (p)-[:DEFINES_ACRONYM]->(:AcronymDefinition {acronym: acronym, key: key, paperId: p.id})
  RETURN count(*) AS written
}
RETURN sum(written) AS definitions
