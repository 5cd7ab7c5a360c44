// The people each author wrote papers with, and how many papers together, most first; batched.
// params: $keys: [string], $first: int. returns: key, coauthors (list of {author, papers}).
UNWIND $keys AS key
MATCH (a:Author {key: key})
CALL (a) {
  MATCH (a)-[:WROTE]->(:Paper)<-[:WROTE]-(other:Author)
  WHERE other <> a
  WITH other, count(*) AS papers ORDER BY papers DESC, other.key LIMIT $first
  RETURN collect({
    author: other {.key, .name, .orcid, .ids, paperCount: COUNT { (other)-[:WROTE]->() }},
    papers: papers
  }) AS coauthors
}
RETURN key, coauthors
