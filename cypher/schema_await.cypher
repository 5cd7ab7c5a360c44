// Schema: wait until every index is online, at most $seconds (an index created over a graph
// of millions of edges takes minutes to fill). params: $seconds. returns: nothing.
CALL db.awaitIndexes($seconds)
