// Schema: full-text index over the concept keys a method is spelled out with, behind
// method_by_expansion_key (a list property has no range index to look a member up in).
// params: none. returns: nothing.
CREATE FULLTEXT INDEX method_expansion_text IF NOT EXISTS FOR (m:Method) ON EACH [m.expansionKeys]
