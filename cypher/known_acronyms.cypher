// The definition each of these acronyms has in the graph: the one of the stored paper with the
// smallest id, as a load has always learnt them (first seen wins, papers in id order). The range
// index on (acronym, paperId) hands each acronym's definitions over in that order, so one entry
// is read per acronym asked, however many papers define it or the graph holds.
// params: $acronyms: [string] (registry forms: GNN, not GNNs). returns: acronym, key (one row
// per acronym some stored paper defines).
UNWIND $acronyms AS acronym
CALL (acronym) {
  MATCH (d:AcronymDefinition {acronym: acronym})
  WHERE d.paperId IS NOT NULL
  RETURN d.key AS key
  ORDER BY d.acronym, d.paperId
  LIMIT 1
}
RETURN acronym, key
