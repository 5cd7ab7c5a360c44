// How the papers write each of these concepts: its name and aliases, whose hyphenated
// compounds the hierarchy's head rule does not cut (graph/_broader.py, compound_tails).
// params: $keys: [string]. returns: key, forms (one row per stored concept).
UNWIND $keys AS key
MATCH (c:Concept {key: key})
RETURN key, [c.name] + coalesce(c.aliases, []) AS forms
