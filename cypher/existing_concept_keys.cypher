// Which of the given keys are concepts. params: $keys: [string]. returns: key.
UNWIND $keys AS key
MATCH (c:Concept {key: key})
RETURN c.key AS key
