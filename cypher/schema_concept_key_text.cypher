// Schema: text index behind hierarchy_narrower (concepts whose key ends with another's).
// params: none. returns: nothing.
CREATE TEXT INDEX concept_key_text IF NOT EXISTS FOR (c:Concept) ON (c.key)
