// Delete every papergraph node and relationship (tests and benchmarks).
// params: none. returns: nothing.
MATCH (n) WHERE n:Paper OR n:Concept OR n:Method OR n:Author OR n:CitedWork OR n:Topic
   OR n:AcronymDefinition OR n:YearTotal OR n:TopicLock
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
