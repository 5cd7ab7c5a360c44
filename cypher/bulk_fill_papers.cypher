// After a bulk import: give every paper what the write path gives each paper it writes and the
// importer cannot store: the empty lists (an empty list is an absent property in its files:
// authors, keywords, acronyms, and untypedKeys/untypedUses, which store_untyped_uses then sets
// for the papers left waiting) and the count of its extracted edges (see stamp_edge_counts).
// In batches of its own. params: none. returns: nothing.
MATCH (p:Paper)
CALL (p) {
  SET p.authors = coalesce(p.authors, []),
      p.keywords = coalesce(p.keywords, []),
      p.acronyms = coalesce(p.acronyms, []),
      p.untypedKeys = [],
      p.untypedUses = [],
      p.edgeCount = COUNT { (p)-[:MENTIONS|PROPOSES|USES]->() }
} IN TRANSACTIONS OF 10000 ROWS
