// Schema: cosine vector index over paper embeddings, for semantic search.
// params: $dimensions (int, the extractor's embedding size). returns: nothing.
CREATE VECTOR INDEX paper_embedding IF NOT EXISTS FOR (p:Paper) ON (p.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
