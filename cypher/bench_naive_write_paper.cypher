// Benchmark baseline only: write ONE paper and its keyphrases the naive way (a round trip per
// paper), producing the same Paper/Concept/MENTIONS nodes as the real loader.
// params: $id, $abstract, $title, $keyphrases: [{key, name, score, rank}]. returns: nothing.
MERGE (p:Paper {id: $id})
SET p.abstract = $abstract, p.title = $title, p.label = $title, p.matchKey = $id, p.altIds = [$id]
WITH p
UNWIND $keyphrases AS kp
MERGE (c:Concept {key: kp.key})
  ON CREATE SET c.name = kp.name, c.aliases = [kp.name]
MERGE (p)-[m:MENTIONS]->(c)
SET m.score = kp.score, m.rank = kp.rank, m.source = 'keybert', m.extractor = 'naive-keybert'
