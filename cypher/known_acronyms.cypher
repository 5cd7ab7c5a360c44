// Concepts with their aliases, to teach the extractor acronyms seen in earlier loads.
// params: none. returns: key, aliases.
MATCH (c:Concept)
WHERE any(a IN c.aliases WHERE a =~ '[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9]*s?')
RETURN c.key AS key, c.aliases AS aliases
