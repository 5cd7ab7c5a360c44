// /search?q=…: papers (or concepts, or methods) matching the words, with filters in the URL so
// every search is a link; each hit says why it is there.
import * as Q from "./queries.js";
import { h, paperLink, conceptLink, methodLink, yearVenue, empty, chips } from "./dom.js";

const KINDS = ["papers", "concepts", "methods"];
const METHOD_KINDS = ["", "METHOD", "MODEL", "DATASET", "BENCHMARK", "METRIC", "TOOL"];
const FIELDS = ["q", "kind", "from", "to", "venue", "concept", "method", "methodKind"];

export async function searchPage(root, params, { navigate }) {
  const value = (name) => params.get(name) || "";
  const form = searchForm(value, navigate);
  const results = h("div", { id: "results", "aria-live": "polite" });
  root.append(h("h1", {}, "Search"), form, results);
  if (!FIELDS.some((f) => value(f) && f !== "kind")) {
    results.append(empty("Type words from a title or abstract, or filter by concept, method, venue or year."));
    return;
  }
  const kind = KINDS.includes(value("kind")) ? value("kind") : "papers";
  results.append(await (kind === "papers" ? papers(value) : kind === "concepts" ? concepts(value) : methods(value)));
}

function searchForm(value, navigate) {
  const input = (name, label, attrs = {}) =>
    h("label", {}, label, h("input", { name, value: value(name), ...attrs }));
  const select = (name, label, options) => h("label", {}, label,
    h("select", { name }, options.map(([v, text]) => h("option", { value: v, selected: value(name) === v }, text))));
  const form = h("form", { class: "card search-form", role: "search", action: "/search" },
    h("div", { class: "row" },
      h("input", { name: "q", type: "search", value: value("q"), placeholder: "e.g. graph augmentation", "aria-label": "Search words", class: "grow", autofocus: true }),
      h("button", { type: "submit" }, "Search")),
    h("div", { class: "row filters" },
      select("kind", "Find ", KINDS.map((k) => [k, k])),
      input("from", "Year from ", { type: "number", min: 1900, max: 2100, class: "year" }),
      input("to", "to ", { type: "number", min: 1900, max: 2100, class: "year" }),
      input("venue", "Venue ", { placeholder: "ICLR" }),
      input("concept", "Concept ", { placeholder: "a concept" }),
      input("method", "Method ", { placeholder: "a method" }),
      select("methodKind", "Method kind ", METHOD_KINDS.map((k) => [k, k ? k.toLowerCase() : "any"]))));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name, v] of new FormData(form)) if (String(v).trim()) query.set(name, String(v).trim());
    navigate(`/search?${query}`);
  });
  return form;
}

async function papers(value) {
  const [from, to] = [Number(value("from")) || null, Number(value("to")) || null];
  const variables = {
    search: value("q") || null, concept: value("concept") || null, method: value("method") || null,
    venue: value("venue") || null, year: from && from === to ? from : null, first: 100, after: null,
  };
  const { papers: found } = await Q.gql(Q.searchPapers(), variables);
  // The API filters one year; a range is applied to the best 100 hits here.
  const inRange = (p) => (!from || (p.year && p.year >= from)) && (!to || (p.year && p.year <= to));
  const hits = found.edges.filter((e) => inRange(e.node));
  const terms = words(value("q"));
  return h("div", {},
    h("p", { class: "muted" }, `${hits.length} shown of ${found.totalCount} matching papers.`),
    hits.length ? h("ol", { class: "hits" }, hits.map((e) => h("li", { class: "card hit" },
      h("h3", {}, paperLink(e.node)),
      h("p", { class: "meta" }, yearVenue(e.node), e.node.authors.length ? ` — ${e.node.authors.slice(0, 4).join(", ")}${e.node.authors.length > 4 ? " et al." : ""}` : ""),
      snippet(e.node.abstract, terms),
      h("p", { class: "why" }, why(e, terms, value))))) : empty("No paper matches."));
}

const words = (q) => q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);

/** Why a hit is here: the API's own reason when switched on, else what of it matches. */
function why(edge, terms, value) {
  if (edge.match?.reason) {
    const terms = edge.match.terms?.length ? ` Matched: ${edge.match.terms.join(", ")}.` : "";
    const similar = edge.match.similarity != null ? ` Similarity ${edge.match.similarity.toFixed(2)}.` : "";
    return `Why: ${edge.match.reason}${terms}${similar}`;
  }
  const p = edge.node;
  const parts = [];
  const inTitle = terms.filter((t) => (p.title || p.label).toLowerCase().includes(t));
  const inAbstract = terms.filter((t) => !inTitle.includes(t) && p.abstract.toLowerCase().includes(t));
  if (inTitle.length) parts.push(`title has “${inTitle.join("”, “")}”`);
  if (inAbstract.length) parts.push(`abstract has “${inAbstract.join("”, “")}”`);
  const concepts = p.concepts.filter((c) => terms.some((t) => c.concept.name.toLowerCase().includes(t))).map((c) => c.concept.name);
  if (concepts.length) parts.push(`about ${concepts.slice(0, 4).join(", ")}`);
  const methods = p.methodMentions.filter((m) => terms.some((t) => m.method.name.toLowerCase().includes(t)));
  if (methods.length) parts.push(methods.slice(0, 3).map((m) => `${m.relation === "PROPOSES" ? "proposes" : "uses"} ${m.method.name}`).join(", "));
  if (value("concept")) parts.push(`concept ${value("concept")}`);
  if (value("method")) parts.push(`method ${value("method")}`);
  return parts.length ? `Why: ${parts.join("; ")}.` : "Why: full-text match.";
}

/** The abstract's sentence with the first matched word, the words marked. */
function snippet(abstract, terms) {
  const sentences = abstract.split(/(?<=[.!?])\s+/);
  const lower = (s) => s.toLowerCase();
  const best = sentences.find((s) => terms.some((t) => lower(s).includes(t))) || sentences[0] || "";
  const text = best.length > 320 ? `${best.slice(0, 317)}…` : best;
  if (!terms.length) return h("p", { class: "snippet" }, text);
  const pattern = new RegExp(`(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "gi");
  return h("p", { class: "snippet" }, text.split(pattern).map((piece, i) => (i % 2 ? h("mark", { class: "term" }, piece) : piece)));
}

async function concepts(value) {
  const { concepts: found } = await Q.gql(Q.searchConcepts, { search: value("q") || null, first: 50 });
  return h("div", {}, h("p", { class: "muted" }, `${found.totalCount} matching concepts.`),
    h("ul", { class: "list" }, found.edges.map(({ node }) => h("li", {}, conceptLink(node),
      h("span", { class: "muted" }, ` ${node.paperCount} papers${node.broader.length ? ` · under ${node.broader[0].name}` : ""}`)))));
}

async function methods(value) {
  const kind = value("methodKind") || null;
  const { methods: found } = await Q.gql(Q.searchMethods, { search: value("q") || null, kind, first: 50 });
  return h("div", {}, h("p", { class: "muted" }, `${found.totalCount} matching methods.`),
    chips(found.edges.map((e) => e.node), methodLink, "No method matches."));
}
