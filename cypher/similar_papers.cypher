// Papers whose embedding is nearest to a query embedding (vector index paper_embedding, cosine).
// params: $embedding: [float], $first: int. returns: paper (map), score (0..1, higher is closer).
CALL db.index.vector.queryNodes('paper_embedding', $first, $embedding) YIELD node, score
RETURN node {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status} AS paper,
       score
ORDER BY score DESC, paper.id
