// Link papers to names they use without saying what they are, only where the graph already
// knows the method (another paper typed it): such a name never creates a node.
// Each edge carries its evidence (where the name is written; see graph.writes.Evidence) and the
// forms this paper writes (aliases), from which refresh_aliases recomputes the node's, and the
// keys papers(method:) reads a method's papers in order by (the use_* and proposal_* range
// indexes, see find_papers_by_method), as merge_mentions gives a mention: the method's key,
// the score negated and the paper's sort keys and id (fill_method_sort_keys gives an older
// graph's edges theirs).
// The method gathers the rows' expansionKeys too (see merge_methods). RELATED_TO weights are
// the caller's: link_related within a batch, link_related_uses in a resolution.
// params: $rows: [{matchKey, key, name, aliases, expansionKeys, score, rank (see merge_methods),
//   kind ('USES'), extractor,
//   evidence (map of edge properties, possibly empty), claim (map: variantOf and variant*
//   evidence when the paper calls the method a variant, see refresh_variants; else empty)}].
// returns: count.
UNWIND $rows AS row
MATCH (p:Paper {matchKey: row.matchKey})
MATCH (m:Method {key: row.key})
SET m.aliases = m.aliases + [a IN row.aliases WHERE NOT a IN m.aliases]
SET m.expansionKeys = coalesce(m.expansionKeys, [])
  + [k IN coalesce(row.expansionKeys, []) WHERE NOT k IN coalesce(m.expansionKeys, [])],
  m.resolvePending = true
FOREACH (_ IN CASE WHEN row.kind = 'PROPOSES' THEN [1] ELSE [] END |
  CREATE (p)-[r:PROPOSES {score: row.score, rank: row.rank, extractor: row.extractor}]->(m) SET r += row.evidence, r += coalesce(row.claim, {}), r.aliases = row.aliases,
    r.methodKey = m.key, r.sortScore = -row.score, r.sortNewest = p.sortNewest, r.sortOldest = p.sortOldest, r.sortTitle = p.sortTitle, r.paperId = p.id)
FOREACH (_ IN CASE WHEN row.kind = 'USES' THEN [1] ELSE [] END |
  CREATE (p)-[r:USES {score: row.score, rank: row.rank, extractor: row.extractor}]->(m) SET r += row.evidence, r += coalesce(row.claim, {}), r.aliases = row.aliases,
    r.methodKey = m.key, r.sortScore = -row.score, r.sortNewest = p.sortNewest, r.sortOldest = p.sortOldest, r.sortTitle = p.sortTitle, r.paperId = p.id)
RETURN count(*) AS count
