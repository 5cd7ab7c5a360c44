// The other half of one node per idea (see merge_concepts_into_methods): a method keyed as a
// common noun more papers discuss than name it, and an acronym method that
// names a field some papers abbreviate (RL beside `reinforcement learning`, BC beside
// `behavioral cloning`) is folded into the concept it spells out once more papers discuss the
// concept than name the method, the exact complement of the rule that merges a concept into a
// method, so after both ran no (concept, method) pair that spells out one idea is left.
// Folded only when its expansions are one idea: every key in the method's expansionKeys is the
// concept's or a narrower variant of it (MoE spelled out as `mixture of experts` and `mixture
// of experts architecture`), while CoT spelled out as `chain of thought` by some papers and
// `chain of table` by others stays a method: either concept alone would take papers that mean
// the other.
// A method papers PROPOSE folds too: its one expansion is a field more papers discuss than
// name it, so a paper "proposing" GNN or KD is the extractor reading a definition as a
// contribution, and a method of the same letters that is new spells out another idea (the
// guard above keeps it).
// Each paper's PROPOSES or USES of the method becomes a MENTIONS of the concept (none when the
// paper already mentions it or a narrower variant of it), with the use's score, extractor, evidence and forms (aliases, plus the
// method's name, so refresh_aliases keeps the acronym as a form of the concept), source
// 'method', no rank (the paper's extractor ranked its own concepts only) and no variant claim,
// and the keys papers(concept:) lists a mention by (as merge_mentions writes them). The
// method's name and aliases join the concept's aliases, so papers(method: "RL") and
// concept(name: "RL") find it; the method goes with its own edges (RELATED_TO, VARIANT_OF,
// its counts). The hierarchy is not touched: BROADER is derived from concept keys, and the
// concept keeps its key. The concepts and then the methods are write-locked first (in the
// order a batch locks them, lock_batch_nodes), so a loader still linking a paper to the method
// commits before its uses are moved. Only the concepts a resolution names are looked at (as
// merge_concepts_into_methods looks them up: the full-text index method_expansion_text, the key
// itself checked).
// As merge_concepts_into_methods, the choice reads the counts when a resolution sees the pair,
// and nothing undoes it: the same input in any cut folds the same while the concept keeps more
// papers from the first resolution that sees both, but a method a concept was merged into
// while they tied is not folded when more papers discuss the concept later, a later paper that
// spells a folded acronym out as another idea gets a new Method beside the concept (the uses
// folded before stay mentions; one that names it as the field is folded again), and a later
// paper's untyped use of a folded name waits for a method to be typed again.
// params: $concepts: [{key, phrase}]. returns: matchKeys (papers whose edges changed), mentions
// ([{matchKey, key, year}]: the MENTIONS created, for link_related_uses and the trend counts).
UNWIND $concepts AS concept
MATCH (c:Concept {key: concept.key})
CALL (c, concept) {
  // a method keyed as a common noun papers write in lowercase, more papers discussing it than
  // naming the method: one paper's odd casing (`transFormer`, `PRETRAINING`), not a name (the
  // complement of the key rule of merge_concepts_into_methods)
  MATCH (m:Method {key: c.key})
  WHERE any(a IN c.aliases WHERE a = toLower(a))
    AND COUNT { (c)<-[:MENTIONS]-() } + COUNT { ()-[:USES {mentioned: true}]->(m) }
        > COUNT { ()-[u:PROPOSES|USES]->(m) WHERE u.mentioned IS NULL }
  RETURN m
  UNION
  WITH c, concept
  WHERE concept.phrase IS NOT NULL
  CALL db.index.fulltext.queryNodes('method_expansion_text', concept.phrase) YIELD node AS m
  WITH c, m
  WHERE c.key IN m.expansionKeys
    AND all(k IN m.expansionKeys WHERE (' ' + k + ' ') CONTAINS (' ' + c.key + ' '))
    AND COUNT { (c)<-[:MENTIONS]-() } > COUNT { (m)<-[:PROPOSES|USES]-() }
  RETURN m
}
WITH collect([c, m]) AS pairs
CALL (pairs) {
  UNWIND pairs AS pair
  WITH DISTINCT pair[0] AS c
  ORDER BY c.key
  SET c.orphanCheck = true
  REMOVE c.orphanCheck
}
CALL (pairs) {
  UNWIND pairs AS pair
  WITH pair[1] AS m
  ORDER BY m.key
  SET m.orphanCheck = true
  REMOVE m.orphanCheck
}
UNWIND pairs AS pair
WITH pair[0] AS c, pair[1] AS m
CALL (c, m) {
  MATCH (p:Paper)-[u:PROPOSES|USES]->(m)
  WHERE NOT EXISTS { (p)-[:MENTIONS]->(c) }
    // nested variants share a slot (as the extractor keeps them): a paper that already names
    // a narrower variant (`deep reinforcement learning`) is found under it by includeNarrower
    AND NOT EXISTS {
      MATCH (p)-[:MENTIONS]->(n:Concept)
      WHERE n.key <> c.key AND (' ' + n.key + ' ') CONTAINS (' ' + c.key + ' ')
    }
  CREATE (p)-[r:MENTIONS]->(c)
  SET r = properties(u)
  // a claim that the method varies another is the method's (refresh_variants), not a mention's,
  // and so are the key the use was listed under (merge_methods) and its place among the
  // paper's methods (rank)
  REMOVE r.variantOf, r.variantField, r.variantStart, r.variantEnd, r.variantText,
    r.variantSentence, r.variantSentenceStart, r.variantSentenceEnd, r.mentioned, r.methodKey,
    r.rank
  SET r.source = 'method',
    r.aliases = CASE WHEN u.aliases IS NULL THEN null
      ELSE u.aliases + [a IN [m.name] WHERE NOT a IN u.aliases] END,
    r.conceptKey = c.key, r.sortScore = -u.score, r.sortNewest = p.sortNewest,
    r.sortOldest = p.sortOldest, r.sortTitle = p.sortTitle, r.paperId = p.id
  RETURN collect({matchKey: p.matchKey, key: c.key, year: p.year}) AS created
}
SET c.aliases = reduce(all = c.aliases, a IN [m.name] + m.aliases |
  CASE WHEN a IN all THEN all ELSE all + a END)
WITH m, created, COLLECT { MATCH (p:Paper)-[:PROPOSES|USES]->(m) RETURN p.matchKey } AS papers
DETACH DELETE m
WITH collect(created) AS created, collect(papers) AS papers
RETURN reduce(all = [], keys IN papers | all + keys) AS matchKeys,
       reduce(all = [], made IN created | all + made) AS mentions
