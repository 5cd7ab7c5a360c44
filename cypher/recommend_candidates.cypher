// The papers nearest to a recommendation's query vector (vector index paper_embedding), less
// the liked and disliked papers themselves, each with its vector and the concepts it shares
// with the liked papers (the rarest, most specific, first).
// params: $embedding ([float]), $k (papers read from the index), $exclude ([paper id]),
//   $liked ([paper id]), $first. returns: paper (map), score (0..1), embedding, shared ([name]).
CALL db.index.vector.queryNodes('paper_embedding', $k, $embedding) YIELD node AS q, score
WHERE NOT q.id IN $exclude
WITH q, score ORDER BY score DESC, q.id LIMIT $first
CALL (q) {
  OPTIONAL MATCH (q)-[:MENTIONS]->(c:Concept)<-[:MENTIONS]-(p:Paper)
  WHERE p.id IN $liked
  WITH DISTINCT c WHERE c IS NOT NULL
  ORDER BY COUNT { (c)<-[:MENTIONS]-() } ASC, c.name
  RETURN collect(c.name) AS shared
}
RETURN q {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi,
          .arxivId, .openalexId, .s2Id, .url} AS paper, score, q.embedding AS embedding, shared
ORDER BY score DESC, paper.id
