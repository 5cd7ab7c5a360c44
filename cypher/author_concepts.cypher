// What each author writes about: the concepts their papers mention, by number of their papers;
// batched. params: $keys: [string], $first: int.
// returns: key, concepts (list of {concept map with paperCount, papers}).
UNWIND $keys AS key
MATCH (a:Author {key: key})
CALL (a) {
  MATCH (a)-[:WROTE]->(:Paper)-[:MENTIONS]->(c:Concept)
  WITH c, count(*) AS papers ORDER BY papers DESC, c.key LIMIT $first
  RETURN collect({
    concept: c {.key, .name, .aliases, paperCount: COUNT { (c)<-[:MENTIONS]-() }},
    papers: papers
  }) AS concepts
}
RETURN key, concepts
