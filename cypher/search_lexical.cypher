// The papers the full-text index paper_search (title, abstract, authorText) matches for a
// query, best Lucene score first, that pass the search's filters; at most $depth.
// params: $search (a safe Lucene query), $depth, $yearFrom, $yearTo (int or null, inclusive),
//   $venue (exact, or null), $venueText (a part of the venue, any case, or null), $concept,
//   $method (keys, or null), $author (an Author key, or null).
// returns: id, score.
CALL db.index.fulltext.queryNodes('paper_search', $search) YIELD node AS p, score
WHERE ($yearFrom IS NULL OR p.year >= $yearFrom) AND ($yearTo IS NULL OR p.year <= $yearTo)
  AND ($venue IS NULL OR p.venue = $venue)
  AND ($venueText IS NULL OR toLower(p.venue) CONTAINS toLower($venueText))
  AND ($concept IS NULL OR EXISTS { (p)-[:MENTIONS]->(:Concept {key: $concept}) })
  AND ($method IS NULL OR EXISTS { (p)-[:PROPOSES|USES]->(:Method {key: $method}) })
  AND ($author IS NULL OR EXISTS { (:Author {key: $author})-[:WROTE]->(p) })
RETURN p.id AS id, score
LIMIT $depth
