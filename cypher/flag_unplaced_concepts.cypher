// Flag the concepts of a graph written before broaderPending was kept that wait to be placed:
// never placed, or placed under a concept since deleted. Run once, before the index that says
// it is done (schema_concept_broader_pending); writes flag new and orphaned concepts since.
// params: none. returns: flagged.
MATCH (c:Concept)
WHERE c.broaderChecked IS NULL
   OR (c.broaderKey IS NOT NULL AND NOT EXISTS { (c)-[:BROADER]->(:Concept) })
CALL (c) {
  SET c.broaderPending = true
} IN TRANSACTIONS OF 10000 ROWS
RETURN count(c) AS flagged
