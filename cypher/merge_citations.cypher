// Link each paper of the batch to the works it cites: a paper already in the graph (by id, DOI,
// arXiv, OpenAlex or S2 id) directly, any other as a CitedWork placeholder keeping the id,
// which link_cited_papers re-points when that paper arrives.
// params: $rows: [{matchKey, references: [string]}]. returns: count (CITES edges merged).
UNWIND $rows AS row
MATCH (p:Paper {matchKey: row.matchKey})
UNWIND row.references AS ref
OPTIONAL CALL (ref) {
  MATCH (q:Paper)
  WHERE q.id = ref OR q.doi = ref OR q.arxivId = ref OR q.openalexId = ref OR q.s2Id = ref
  RETURN q LIMIT 1
}
CALL (p, q, ref) {
  WITH p, q WHERE q IS NOT NULL AND q <> p
  MERGE (p)-[:CITES]->(q)
  RETURN 1 AS merged
  UNION ALL
  WITH p, q, ref WHERE q IS NULL
  MERGE (w:CitedWork {id: ref})
  MERGE (p)-[:CITES]->(w)
  RETURN 1 AS merged
}
RETURN count(merged) AS count
