// Schema: full-text index over the names a paper uses without saying what they are and no
// method has yet (untypedKeys), behind resolve_untyped_uses: a method typed by a load finds the
// papers waiting for it without reading every paper (a list property has no range index to
// look a member up in).
// params: none. returns: nothing.
CREATE FULLTEXT INDEX paper_untyped_text IF NOT EXISTS FOR (p:Paper) ON EACH [p.untypedKeys]
