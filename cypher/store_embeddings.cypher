// Set the vectors of papers embedded anew (see papers_to_embed).
// params: $rows: [{id, embedding: [float]}]. returns: nothing.
UNWIND $rows AS row
MATCH (p:Paper {id: row.id})
SET p.embedding = row.embedding
