// The $k papers whose vectors are nearest to a query's (vector index paper_embedding, cosine),
// nearest first, less those the search's filters leave out.
// params: $embedding ([float]), $k, and the filters of search_lexical: $yearFrom, $yearTo,
//   $venue, $venueText, $concept, $method, $author.
// returns: id.
CALL db.index.vector.queryNodes('paper_embedding', $k, $embedding) YIELD node AS p
WHERE ($yearFrom IS NULL OR p.year >= $yearFrom) AND ($yearTo IS NULL OR p.year <= $yearTo)
  AND ($venue IS NULL OR p.venue = $venue)
  AND ($venueText IS NULL OR toLower(p.venue) CONTAINS toLower($venueText))
  AND ($concept IS NULL OR EXISTS { (p)-[:MENTIONS]->(:Concept {key: $concept}) })
  AND ($method IS NULL OR EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: $method}) })
  AND ($author IS NULL OR EXISTS { (:Author {key: $author})-[:WROTE]->(p) })
RETURN p.id AS id
