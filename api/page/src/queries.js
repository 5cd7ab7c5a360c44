// Every GraphQL query the page sends, in one place: plain POSTs to the public /graphql endpoint
// (no private route, no token). Fields the API does not have yet stay out of the query texts
// until switched on below; a query naming an unknown field fails validation as a whole.

/** Paper fields for links out (DOI, arXiv, OpenAlex). Empty: the page shows no links out. */
export const LINK_FIELDS = ["doi", "url", "arxivId", "openalexId", "s2Id"];
/** Fields of `match` on search edges (why a hit ranks). Empty: the page says it from the hit. */
export const MATCH_FIELDS = ["reason", "terms", "similarity"];
/** Whether the map asks `recommendPapers` for papers to add to its seeds. */
export const RECOMMEND = true;

const links = () => LINK_FIELDS.join(" ");
const match = () => (MATCH_FIELDS.length ? `match { ${MATCH_FIELDS.join(" ")} }` : "");

/** POST one query; resolves to `data`, rejects with the API's first error message. */
export async function gql(query, variables = {}) {
  const response = await fetch("/graphql", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json().catch(() => ({}));
  if (body.errors?.length) throw new Error(body.errors[0].message);
  if (!response.ok || !body.data) throw new Error(`The API answered ${response.status}.`);
  return body.data;
}

const PAPER_LINE = "id label title year venue authors";

export const searchPapers = () => `
query SearchPapers($search: String, $concept: String, $method: String, $year: Int,
                   $venue: String, $first: Int!, $after: String) {
  papers(search: $search, concept: $concept, method: $method, year: $year, venue: $venue,
         first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { ${match()} node { ${PAPER_LINE} abstract
      concepts(first: 8) { concept { key name } }
      methodMentions { relation method { key name kind } } } }
  }
}`;

export const searchConcepts = `
query SearchConcepts($search: String, $first: Int!) {
  concepts(search: $search, first: $first) {
    totalCount edges { node { key name aliases paperCount broader { key name } } }
  }
}`;

export const searchMethods = `
query SearchMethods($search: String, $kind: MethodKind, $first: Int!) {
  methods(search: $search, kind: $kind, first: $first) {
    totalCount edges { node { key name kind aliases paperCount variantOf { key name } } }
  }
}`;

const EVIDENCE = "field start end text sentence";

export const paper = () => `
query Paper($id: ID!) {
  paper(id: $id) {
    ${PAPER_LINE} abstract keywords status ${links()}
    concepts(first: 100) { score source concept { key name paperCount } evidence { ${EVIDENCE} } }
    methodMentions { relation score evidence { ${EVIDENCE} }
      method { key name kind paperCount variantOf { key name } variants { key name } } }
    related(first: 10) { score reason paper { id label year venue } }
    topics(first: 3) { id name }
  }
}`;

export const sharedConcepts = `
query Shared($a: ID!, $b: ID!) {
  sharedConceptsExplained(paperA: $a, paperB: $b) { broader weight reason concept { key name } }
  paper(id: $b) { id label }
}`;

const TREND = "trend { year papers total share }";

export const concept = `
query Concept($key: String!) {
  concept(key: $key) {
    key name aliases paperCount ${TREND}
    broader { key name } narrower(first: 20) { key name paperCount }
    related(first: 15) { papers concept { key name } }
    methods(first: 12) { key name kind }
    papers(first: 30) { totalCount edges { node { id label year venue } } }
  }
}`;

export const method = `
query Method($key: String!) {
  method(key: $key) {
    key name kind aliases paperCount ${TREND}
    kindReason { rule papers typed votes { kind papers } }
    proposedBy { id label year venue }
    usedBy(first: 30) { totalCount edges { node { id label year venue } } }
    variantOf { key name } variants { key name kind }
    concepts(first: 15) { key name }
  }
  lineage(method: $key) {
    entries { depth useCount method { key name kind } introducedBy { id label year } }
  }
}`;

export const neighborhood = `
query Neighborhood($id: ID!, $hops: Int!, $limit: Int!) {
  neighborhood(id: $id, hops: $hops, limit: $limit) {
    nodes { id kind key label } edges { source target type weight }
  }
  relatedPapers(id: $id, first: 8) { reason score paper { id label } }
}`;

export const recommendPapers = `
query Recommend($positive: [ID!]!, $first: Int) {
  recommendPapers(positive: $positive, first: $first) { score reason paper { id label year } }
}`;

export const conceptPapers = `
query ConceptPapers($key: String!, $first: Int!) {
  concept(key: $key) { key name
    papers(first: $first) { edges { node { id label } } }
    related(first: 6) { papers concept { key name } } }
}`;

export const methodPapers = `
query MethodPapers($key: String!, $first: Int!) {
  method(key: $key) { key name kind
    proposedBy { id label }
    usedBy(first: $first) { edges { node { id label } } } }
}`;

export const themes = `
query Themes($first: Int!) {
  topics(first: $first) {
    totalCount
    edges { node { id name paperCount conceptCount ${TREND} concepts(first: 8) { key name } } }
  }
}`;

export const rising = `
query Rising($from: Int!, $to: Int!) {
  risingConcepts(from: $from, to: $to, first: 20, minPapers: 2) {
    papersBefore papersAfter change z concept { key name }
  }
}`;

export const draft = `
query Draft($text: String!) {
  analyzeText(text: $text, first: 10) {
    concepts { key name kind score paperCount broader { key name } }
    methods { key name kind score paperCount }
    related { score reason paper { id label year venue } }
    new { key name kind }
  }
}`;
