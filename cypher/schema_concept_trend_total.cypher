// Schema: range index behind risingConcepts/fallingConcepts (concepts in enough dated papers).
// params: none. returns: nothing.
CREATE INDEX concept_trend_total IF NOT EXISTS FOR (c:Concept) ON (c.trendTotal)
