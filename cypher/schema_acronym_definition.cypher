// Schema: range index behind known_acronyms: an acronym's definitions in paper-id order. Created
// only once every stored paper's definitions are indexed (see graph/_acronyms.py), so that it
// exists says no backfill is due. params: none. returns: nothing.
CREATE INDEX acronym_definition IF NOT EXISTS
FOR (d:AcronymDefinition) ON (d.acronym, d.paperId)
