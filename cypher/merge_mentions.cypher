// Link papers to their concepts, creating Concept nodes as needed and growing their aliases.
// A key that names a Method is made a Concept here too: merge_concepts_into_methods turns its
// mentions into uses once the load is written, whichever came first. The name is the first
// paper's, until a paper spells it with fewer capitals ("large language model" over "Large
// Language Model"). resolvePending has the resolution after the load look at the concept.
// Each edge carries its evidence (where the phrase is written; see graph.writes.Evidence) and
// the forms this paper writes (aliases), from which refresh_aliases recomputes the concept's.
// Each edge also carries the keys papers(concept:) reads a concept's papers in order by (the
// mention_* range indexes, see find_papers_by_concept): the concept's key, the score negated
// (sortScore: best first in ascending order) and the paper's own sort keys and id, copied from
// the paper upsert_papers has just written in this transaction. A paper's edges are rewritten
// with it, so the copies change when its year or title does (fill_mention_sort_keys gives an
// older graph's edges theirs).
// params: $rows: [{matchKey, key, name, aliases, score, rank, source, extractor, evidence (map of
//   edge properties, possibly empty)}]. returns: count.
UNWIND $rows AS row
MATCH (p:Paper {matchKey: row.matchKey})
MERGE (c:Concept {key: row.key})
  ON CREATE SET c.name = row.name, c.aliases = row.aliases, c.trendYears = [],
    c.trendPapers = [], c.trendTotal = 0, c.broaderPending = true
  ON MATCH SET c.aliases = c.aliases + [a IN row.aliases WHERE NOT a IN c.aliases],
    c.name = CASE
      WHEN toLower(row.name) = toLower(c.name)
        AND size([ch IN split(row.name, '') WHERE ch <> toLower(ch)])
          < size([ch IN split(c.name, '') WHERE ch <> toLower(ch)])
      THEN row.name ELSE c.name END
SET c.resolvePending = true
CREATE (p)-[r:MENTIONS {score: row.score, rank: row.rank, source: row.source, extractor: row.extractor}]->(c)
SET r += row.evidence, r.aliases = row.aliases
SET r.conceptKey = c.key, r.sortScore = -row.score, r.sortNewest = p.sortNewest,
    r.sortOldest = p.sortOldest, r.sortTitle = p.sortTitle, r.paperId = p.id
RETURN count(*) AS count
