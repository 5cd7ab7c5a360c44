// Schema: the size of the vectors the paper_embedding index takes, to know whether it was
// made for another embedding model. params: none. returns: dimensions (int; no row when the
// index does not exist).
SHOW INDEXES YIELD name, options
WHERE name = 'paper_embedding'
RETURN toInteger(options.indexConfig['vector.dimensions']) AS dimensions
