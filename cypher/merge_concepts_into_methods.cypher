// A Concept that names a Method's idea is not a node of its own: one whose key is the method's
// key (unless it is a common noun more papers discuss than name the method), or one of the
// concept keys of the phrases papers spell the method out with (expansionKeys: `behavioral
// cloning` for BC, `branch and bound` for BaB), is merged into the method;
// a spelled-out concept only while no more papers discuss it than name the method: a field that
// some papers abbreviate (`reinforcement learning` beside the acronym method RL, `large language
// model` beside LLM) stays the concept the graph's concept queries, topics and trends stand on.
// A concept two methods spell out goes to one: the method whose key it is, else the one with
// the most papers, then the first key. Each paper's MENTIONS of the concept becomes a USES of
// the method (score, extractor and evidence kept, with the listing keys merge_methods gives a
// use instead of the mention's; none when the paper already proposes or uses it), the
// concept's surface forms join the method's aliases, and the concept goes with its derived
// edges. The concept is write-locked first, so
// a loader still linking a paper to it commits before its mentions are moved. Only the
// concepts a resolution names are looked at
// ($concepts: those written since the last one, and the keys and expansions of the methods
// written or linked since), so a load costs what it wrote, not the graph's size: one index
// seek and one full-text query (method_expansion_text; phrase is the key as an escaped Lucene
// phrase, and the key itself is checked) per concept.
// A round moves at most $maxMoves mentions, of the concepts with fewest first; the others wait
// for the next rounds, flagged resolvePending, and a concept with more than $maxMoves moves
// over several, staying until the last of its mentions has moved.
// params: $concepts: [{key, phrase}], $maxMoves: int. returns: matchKeys (papers whose edges
// changed), uses ([{matchKey, key, year}]: the USES edges created, for link_related_uses and
// the trend counts), unfinished (keys of the concepts with mentions left to move).
UNWIND $concepts AS concept
MATCH (c:Concept {key: concept.key})
CALL (c, concept) {
  MATCH (m:Method {key: c.key})
  // a common noun papers write in lowercase (`transformers`, `graph`) that one paper's odd
  // casing made a method name (`transFormer`, a title's `GRAph`) is the concept while more
  // papers discuss it than name the method (fold_methods_into_concepts folds the method);
  // uses that were mentions count as discussing it, so the order of loads does not decide
  WHERE NOT any(a IN c.aliases WHERE a = toLower(a))
    OR COUNT { (c)<-[:MENTIONS]-() } + COUNT { ()-[:USES {mentioned: true}]->(m) }
       <= COUNT { ()-[u:PROPOSES|USES]->(m) WHERE u.mentioned IS NULL }
  RETURN m, 0 AS spelledOut
  UNION
  WITH c, concept
  WHERE concept.phrase IS NOT NULL
  CALL db.index.fulltext.queryNodes('method_expansion_text', concept.phrase) YIELD node AS m
  WITH c, m
  WHERE c.key IN m.expansionKeys
    AND COUNT { (c)<-[:MENTIONS]-() } <= COUNT { (m)<-[:PROPOSES|USES]-() }
  RETURN m, 1 AS spelledOut
}
WITH c, m, spelledOut
ORDER BY spelledOut, COUNT { (m)<-[:PROPOSES|USES]-() } DESC, m.key
WITH c, head(collect(m)) AS m
// at most $maxMoves mentions a round, the concepts with fewest first: each move also moves the
// RELATED_TO weights of its paper's other concepts, and a round of a big load's tens of
// thousands ran past the server's transaction memory; the rest wait, flagged, for the next
WITH c, m, COUNT { (c)<-[:MENTIONS]-() } AS mentions
ORDER BY mentions, c.key
WITH collect({c: c, m: m, mentions: mentions}) AS pairs
WITH pairs, size([i IN range(0, size(pairs) - 1)
                  WHERE reduce(t = 0, p IN pairs[..i + 1] | t + p.mentions) <= $maxMoves]) AS fit
WITH pairs[..CASE WHEN fit = 0 THEN 1 ELSE fit END] AS now,
     pairs[CASE WHEN fit = 0 THEN 1 ELSE fit END..] AS later
CALL (later) {
  UNWIND later AS pair
  WITH pair.c AS c
  SET c.resolvePending = true
}
UNWIND now AS pair
WITH pair.c AS c, pair.m AS m, [p IN later | p.c.key] AS deferred
SET c.orphanCheck = true
REMOVE c.orphanCheck
WITH c, m, deferred
CALL (c, m) {
  // a concept with more mentions than that alone moves them over several rounds
  MATCH (p:Paper)-[r:MENTIONS]->(c)
  WITH p, r LIMIT $maxMoves
  // a paper that already proposes or uses the method keeps that edge: its mention just goes
  OPTIONAL CALL (p, r, m) {
    WITH p, r
    WHERE NOT EXISTS { (p)-[:PROPOSES|USES]->(m) }
    CREATE (p)-[u:USES]->(m)
    SET u = properties(r), u.mentioned = true
    // a use is listed under its method, not a concept (see merge_methods)
    SET u.methodKey = m.key, u.sortScore = -r.score, u.sortNewest = p.sortNewest,
      u.sortOldest = p.sortOldest, u.sortTitle = p.sortTitle, u.paperId = p.id
    REMOVE u.rank, u.source, u.conceptKey
    RETURN {matchKey: p.matchKey, key: m.key, year: p.year} AS use
  }
  DELETE r
  RETURN collect(use) AS created, collect(p.matchKey) AS papers
}
SET m.aliases = m.aliases + [a IN c.aliases WHERE NOT a IN m.aliases]
WITH c, c.key AS key, deferred, created, papers, EXISTS { (c)<-[:MENTIONS]-() } AS unfinished
CALL (c, unfinished) {
  // the rest moves in the next rounds (pending_resolution reads the flag)
  WITH c WHERE unfinished
  SET c.resolvePending = true
}
CALL (c, unfinished) {
  // the concepts under it are placed again (hierarchy_pending)
  WITH c WHERE NOT unfinished
  OPTIONAL MATCH (c)<-[:BROADER]-(narrower:Concept)
  SET narrower.broaderPending = true
  WITH DISTINCT c
  DETACH DELETE c
}
WITH collect(created) AS created, collect(papers) AS papers,
     collect(CASE WHEN unfinished THEN key END) AS unfinished, head(collect(deferred)) AS deferred
RETURN reduce(all = [], keys IN papers | all + keys) AS matchKeys,
       reduce(all = [], uses IN created | all + uses) AS uses,
       unfinished + coalesce(deferred, []) AS unfinished
