// What acronym-like concept keys stand for: the long form some stored paper defines for them,
// matched without case (a concept key is lower-case: "gcn" for "GCN"), the paper of the
// smallest id first as a load learns them. Only a concept some paper writes with two capitals
// or more counts ("GCN", "ILfO"): "node" is a word, not NODE. One pass over the definitions.
// params: $keys: [string]. returns: key, longForm (one row per key some paper defines).
UNWIND $keys AS key
MATCH (c:Concept {key: key})
WHERE any(written IN coalesce(c.aliases, []) + [c.name]
          WHERE toLower(written) = key AND size([ch IN split(written, '') WHERE ch <> toLower(ch)]) >= 2)
WITH collect(key) AS acronyms
MATCH (d:AcronymDefinition)
WHERE toLower(d.acronym) IN acronyms AND d.paperId IS NOT NULL
WITH toLower(d.acronym) AS key, d.key AS longForm, d.paperId AS paperId
ORDER BY key, paperId
RETURN key, head(collect(longForm)) AS longForm
