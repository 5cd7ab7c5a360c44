// After a bulk import: set the property values its files cannot hold (an empty list, a list
// holding an empty string) on the nodes they belong to: a paper by its matchKey, a concept,
// method or author by its key.
// params: $rows: [{label ('Paper'|'Concept'|'Method'|'Author'), key, props (map)}].
// returns: count (nodes set).
UNWIND $rows AS row
CALL (row) {
  MATCH (n:Paper {matchKey: row.key}) WHERE row.label = 'Paper' RETURN n
  UNION
  MATCH (n:Concept {key: row.key}) WHERE row.label = 'Concept' RETURN n
  UNION
  MATCH (n:Method {key: row.key}) WHERE row.label = 'Method' RETURN n
  UNION
  MATCH (n:Author {key: row.key}) WHERE row.label = 'Author' RETURN n
}
SET n += row.props
RETURN count(n) AS count
