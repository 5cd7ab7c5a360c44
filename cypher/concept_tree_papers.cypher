// One page of the papers mentioning each concept or any concept under it (BROADER, any depth),
// best mention score first; batched. Paper nodes are collected before any is projected, so a
// broad concept's thousands of papers cost references, not maps.
// params: $keys: [string], $skip, $first (per concept).
// returns: key, total (papers mentioning it or a narrower one), page (list of paper maps).
UNWIND $keys AS key
MATCH (c:Concept {key: key})
CALL (c) {
  MATCH (c)<-[:BROADER*0..]-(:Concept)<-[m:MENTIONS]-(p:Paper)
  WITH p, max(m.score) AS score
  ORDER BY score DESC, p.id
  RETURN collect(p) AS papers
}
RETURN key, size(papers) AS total,
       [p IN papers[$skip..$skip + $first] |
        p {.id, .label, .abstract, .title, .year, .venue, .authors, .keywords, .status, .doi, .arxivId, .openalexId, .s2Id, .url}] AS page
