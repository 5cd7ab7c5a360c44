// Schema: drop the paper vector index when it was made for vectors of another size (another
// embedding model); it is created again for the current size. params: none. returns: nothing.
DROP INDEX paper_embedding IF EXISTS
