// Schema: wait until every index is online. params: none. returns: nothing.
CALL db.awaitIndexes(300)
