// Delete every relationship that starts at a papergraph node, a batch per transaction,
// so that emptying a large graph never holds a dense node's edges in one transaction
// (run before clear_graph). params: none. returns: nothing.
MATCH (n)-[r]->() WHERE n:Paper OR n:Concept OR n:Method OR n:Author OR n:CitedWork OR n:Topic
   OR n:AcronymDefinition OR n:YearTotal OR n:TopicLock
CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS
