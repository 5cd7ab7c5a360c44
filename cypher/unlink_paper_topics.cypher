// Remove every paper's HAS_TOPIC edges, in transactions of their own (before a recomputation
// replaces the topics): a big graph has a few for each of its papers, too many to delete in
// the transaction that replaces the topics. Run as a plain statement (CALL … IN TRANSACTIONS).
// params: none. returns: nothing.
MATCH (:Paper)-[h:HAS_TOPIC]->(:Topic)
CALL (h) {
  DELETE h
} IN TRANSACTIONS OF 10000 ROWS
