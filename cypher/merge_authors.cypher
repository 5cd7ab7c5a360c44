// Find or create the batch's authors: by a source id or ORCID, else by normalised name when no
// id of the same source and no other ORCID tells them apart; new ones take the batch's key.
// params: $authors: [{key, name, nameKey, orcid, ids, sources, lookup}].
// returns: key (the batch's), stored (the Author's key in the graph).
UNWIND $authors AS row
WITH row,
     COLLECT {
       MATCH (a:Author) WHERE a.key IN row.lookup OR a.orcid = row.orcid
       RETURN a.key LIMIT 1
     } AS byId,
     COLLECT {
       MATCH (a:Author {nameKey: row.nameKey})
       WHERE (a.orcid IS NULL OR row.orcid IS NULL OR a.orcid = row.orcid)
         AND none(i IN a.ids WHERE split(i, ':')[0] IN row.sources AND NOT i IN row.ids)
       RETURN a.key LIMIT 1
     } AS byName
MERGE (a:Author {key: coalesce(byId[0], byName[0], row.key)})
  ON CREATE SET a.name = row.name, a.nameKey = row.nameKey, a.ids = []
SET a.orcid = coalesce(a.orcid, row.orcid),
    a.ids = a.ids + [i IN row.ids WHERE NOT i IN a.ids]
RETURN row.key AS key, a.key AS stored
