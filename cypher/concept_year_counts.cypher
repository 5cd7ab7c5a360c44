// For every concept mentioned in either of two years: papers mentioning it in each, with
// at least $minPapers in the two together (the candidates of risingConcepts/fallingConcepts).
// Starts from the papers of the two years (index on Paper.year).
// params: $fromYear, $toYear: int, $minPapers: int.
// returns: concept (concept map), before (papers in $fromYear), after (papers in $toYear).
MATCH (p:Paper)
WHERE p.year IN [$fromYear, $toYear]
MATCH (p)-[:MENTIONS]->(c:Concept)
WITH c, sum(CASE WHEN p.year = $fromYear THEN 1 ELSE 0 END) AS before,
     sum(CASE WHEN p.year = $toYear THEN 1 ELSE 0 END) AS after
WHERE before + after >= $minPapers
RETURN c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }} AS concept,
       before, after
