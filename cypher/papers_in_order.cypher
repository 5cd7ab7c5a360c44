// Papers by their stored ids, in the order given (a search's page).
// params: $ids ([paper id]). returns: paper (map of public properties), one row per id found.
UNWIND range(0, size($ids) - 1) AS at
MATCH (p:Paper {id: $ids[at]})
RETURN p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi,
          .arxivId, .openalexId, .s2Id, .url} AS paper
ORDER BY at
