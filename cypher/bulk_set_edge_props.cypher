// After a bulk import: set the property values its files cannot hold (see bulk_set_node_props)
// on a paper's extracted edges: the edge of type $rows.type from the paper keyed matchKey to
// the concept or method keyed key.
// params: $rows: [{matchKey, type ('MENTIONS'|'PROPOSES'|'USES'), key, props (map)}].
// returns: count (edges set).
UNWIND $rows AS row
MATCH (:Paper {matchKey: row.matchKey})-[r:MENTIONS|PROPOSES|USES]->(n)
WHERE type(r) = row.type AND n.key = row.key
SET r += row.props
RETURN count(r) AS count
