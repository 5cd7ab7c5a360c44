// For every concept mentioned in either of two years: papers mentioning it in each, with
// at least $minPapers in the two together (the candidates of risingConcepts/fallingConcepts).
// Reads the per-year counts refresh_trend_counts keeps on each concept, starting from those in
// $minPapers dated papers or more (index concept_trend_total): no mention is visited.
// One row of three parallel lists: the driver hands over a few lists far faster than thousands
// of records (the query layer looks up the concepts it keeps with entity_paper_counts).
// params: $fromYear, $toYear: int, $minPapers: int.
// returns: keys, before (papers in $fromYear), after (papers in $toYear): parallel lists.
MATCH (c:Concept)
WHERE c.trendTotal >= $minPapers
WITH c, [i IN range(0, size(c.trendYears) - 1) WHERE c.trendYears[i] = $fromYear
         | c.trendPapers[i]] AS before,
        [i IN range(0, size(c.trendYears) - 1) WHERE c.trendYears[i] = $toYear
         | c.trendPapers[i]] AS after
WITH c, coalesce(head(before), 0) AS before, coalesce(head(after), 0) AS after
WHERE before + after >= $minPapers AND before + after > 0
RETURN collect(c.key) AS keys, collect(before) AS before, collect(after) AS after
