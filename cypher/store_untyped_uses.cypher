// Keep with each just-written paper the names it uses without saying what they are and that no
// method has yet (its rows as JSON, their keys alongside; the batch linked the others), so
// resolve_untyped_uses links them once a paper of this or a later load types the name,
// whatever the batch or load it comes in. A paper left waiting is flagged resolvePending: a
// method typed by a concurrent load may have committed meanwhile.
// params: $rows: [{matchKey, keys: [string], uses: [string (JSON of a method row)]}].
// returns: count.
UNWIND $rows AS row
MATCH (p:Paper {matchKey: row.matchKey})
WITH p, row, [i IN range(0, size(row.keys) - 1)
              WHERE NOT EXISTS { MATCH (:Method {key: row.keys[i]}) }] AS waiting
SET p.untypedKeys = [i IN waiting | row.keys[i]], p.untypedUses = [i IN waiting | row.uses[i]]
FOREACH (_ IN CASE WHEN size(waiting) > 0 THEN [1] ELSE [] END | SET p.resolvePending = true)
RETURN count(p) AS count
