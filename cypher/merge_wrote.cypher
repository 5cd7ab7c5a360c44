// Link each paper of the batch to its authors, with the author's 1-based position in the byline.
// params: $rows: [{matchKey, key (Author key), position}]. returns: count.
UNWIND $rows AS row
MATCH (p:Paper {matchKey: row.matchKey})
MATCH (a:Author {key: row.key})
MERGE (a)-[w:WROTE]->(p)
SET w.position = row.position
RETURN count(w) AS count
