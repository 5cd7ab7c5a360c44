// Keep with each just-written paper the names it uses without saying what they are (its rows
// as JSON, their keys alongside), so resolve_untyped_uses links them once a paper of this or a
// later load types the name, whatever the batch or load it comes in.
// params: $rows: [{matchKey, keys: [string], uses: [string (JSON of a method row)]}].
// returns: count.
UNWIND $rows AS row
MATCH (p:Paper {matchKey: row.matchKey})
SET p.untypedKeys = row.keys, p.untypedUses = row.uses
RETURN count(p) AS count
