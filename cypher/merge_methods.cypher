// Link papers to the methods they propose or use, creating Method nodes as needed (the batch's
// link_related adds the papers to the methods' RELATED_TO weights). A new method takes the kind
// its first paper gives; each edge keeps the kind its paper gives (kindSaid) and the cue in the
// text that gave it (kindCue), from which the resolution after the load counts the method's
// kind (count_method_kinds).
// Each edge carries its evidence (where the name is written; see graph.writes.Evidence) and the
// forms this paper writes (aliases), from which refresh_aliases recomputes the node's, and the
// keys papers(method:) reads a method's papers in order by (the use_* and proposal_* range
// indexes, see find_papers_by_method), as merge_mentions gives a mention: the method's key,
// the score negated and the paper's sort keys and id (fill_method_sort_keys gives an older
// graph's edges theirs).
// A method gathers the concept keys of the phrases papers spell it out with (expansionKeys),
// which merge_concepts_into_methods matches concepts on; resolvePending has the resolution after
// the load look at the method (graph/_resolution.py).
// An edge's rank is the method's place among the paper's methods of its kind, from 1 (the
// paper's main method is the first it proposes).
// params: $rows: [{matchKey, key, name, aliases, expansionKeys, score, rank,
//   kind ('PROPOSES'|'USES'), extractor,
//   methodKind ('method'|'model'|'dataset'|'benchmark'|'metric'|'tool'), kindCue, variantOf,
//   evidence (map of edge properties, possibly empty), claim (map: variantOf and variant*
//   evidence when the paper calls the method a variant, see refresh_variants; else empty)}].
// returns: count.
UNWIND $rows AS row
MATCH (p:Paper {matchKey: row.matchKey})
MERGE (m:Method {key: row.key})
  ON CREATE SET m.name = row.name, m.aliases = row.aliases, m.kind = row.methodKind,
    m.expansionKeys = [], m.trendYears = [], m.trendPapers = [], m.trendTotal = 0
  ON MATCH SET m.aliases = m.aliases + [a IN row.aliases WHERE NOT a IN m.aliases]
SET m.expansionKeys = coalesce(m.expansionKeys, [])
  + [k IN coalesce(row.expansionKeys, []) WHERE NOT k IN coalesce(m.expansionKeys, [])],
  m.resolvePending = true
FOREACH (_ IN CASE WHEN row.kind = 'PROPOSES' THEN [1] ELSE [] END |
  CREATE (p)-[r:PROPOSES {score: row.score, rank: row.rank, extractor: row.extractor}]->(m) SET r += row.evidence, r += coalesce(row.claim, {}), r.aliases = row.aliases, r.kindSaid = row.methodKind, r.kindCue = row.kindCue,
    r.methodKey = m.key, r.sortScore = -row.score, r.sortNewest = p.sortNewest, r.sortOldest = p.sortOldest, r.sortTitle = p.sortTitle, r.paperId = p.id)
FOREACH (_ IN CASE WHEN row.kind = 'USES' THEN [1] ELSE [] END |
  CREATE (p)-[r:USES {score: row.score, rank: row.rank, extractor: row.extractor}]->(m) SET r += row.evidence, r += coalesce(row.claim, {}), r.aliases = row.aliases, r.kindSaid = row.methodKind, r.kindCue = row.kindCue,
    r.methodKey = m.key, r.sortScore = -row.score, r.sortNewest = p.sortNewest, r.sortOldest = p.sortOldest, r.sortTitle = p.sortTitle, r.paperId = p.id)
RETURN count(*) AS count
