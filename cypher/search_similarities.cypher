// The cosine of a query's vector and each candidate paper's (null for a paper without a vector
// of the query's size), for ranking a search's candidates by meaning.
// params: $ids ([paper id]), $embedding ([float]). returns: id, similarity (-1..1 or null).
UNWIND $ids AS id
MATCH (p:Paper {id: id})
RETURN id,
       CASE WHEN p.embedding IS NULL OR size(p.embedding) <> size($embedding) THEN null
            ELSE 2 * vector.similarity.cosine($embedding, p.embedding) - 1 END AS similarity
