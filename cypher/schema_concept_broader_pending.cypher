// Schema: index behind hierarchy_pending (concepts waiting to be placed under a broader one),
// created once a graph written before the flag existed has had its unplaced concepts flagged
// (flag_unplaced_concepts): its existence says that is done.
// params: none. returns: nothing.
CREATE INDEX concept_broader_pending IF NOT EXISTS FOR (c:Concept) ON (c.broaderPending)
