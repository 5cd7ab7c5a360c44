// The papers already stored under these match keys, with their ids and titles, so a load can
// tell a different paper that shares an abstract apart from the same paper reloaded.
// params: $matchKeys: [string]. returns: matchKey, id, altIds, title.
UNWIND $matchKeys AS key
MATCH (p:Paper {matchKey: key})
RETURN key AS matchKey, p.id AS id, p.altIds AS altIds, p.title AS title
