// Whether the graph holds no node at all (a bulk import overwrites the whole store).
// params: none. returns: empty (boolean).
RETURN NOT EXISTS { MATCH (n) } AS empty
