// Browser: where a paper (by id or any altId) says what it proposes, uses and mentions: one row
// per extracted edge with the phrase as written and the sentence holding it, proposed methods
// first (switch the result to Table view). An author keyword the paper never writes has no
// sentence.
// params: $paperId (string; e.g. :param paperId => 'pg-…').
// returns: paper, relation, name, phrase, field, sentence.
MATCH (p:Paper)
WHERE p.id = $paperId OR $paperId IN p.altIds
WITH p LIMIT 1
MATCH (p)-[r:MENTIONS|PROPOSES|USES]->(n)
RETURN p.label AS paper, type(r) AS relation, n.name AS name, r.evidenceText AS phrase,
       r.evidenceField AS field, r.sentence AS sentence
ORDER BY CASE type(r) WHEN 'PROPOSES' THEN 0 WHEN 'USES' THEN 1 ELSE 2 END, r.score DESC
