// /paper/<id>: the abstract with its evidence, methods proposed and used, related papers with
// reasons, concepts shared with a second paper, links out and the graph around it.
import * as Q from "./queries.js";
import { h, section, list, chips, conceptLink, methodLink, paperLink, yearVenue, empty, paperHref } from "./dom.js";
import { highlighted, spansOf } from "./highlight.js";
import { graphView, paperNeighbourhood } from "./graph.js";
import { pinned, togglePin } from "./seeds.js";

const LINKS_OUT = {
  doi: (v) => ["DOI", `https://doi.org/${v}`],
  arxivId: (v) => ["arXiv", `https://arxiv.org/abs/${v}`],
  openalexId: (v) => ["OpenAlex", `https://openalex.org/${v.replace(/^https?:\/\/openalex\.org\//, "")}`],
  s2Id: (v) => ["Semantic Scholar", `https://www.semanticscholar.org/paper/${v}`],
  url: (v) => ["Source", v],
};

export async function paperPage(root, id, { navigate }) {
  const { paper } = await Q.gql(Q.paper(), { id });
  if (!paper) return root.append(empty(`No paper has the id ${id}.`));
  document.title = `${paper.title || paper.label} · papergraph`;
  const evidence = h("p", { class: "evidence-note muted", "aria-live": "polite" },
    "Hover or focus a highlighted phrase to see what it is and the sentence it comes from.");
  const onFocus = (spans) => {
    evidence.replaceChildren(...spans.flatMap((s) => [h("strong", {}, s.name), ` — ${s.note}. `]),
      h("q", {}, spans[0].sentence));
  };
  root.append(
    h("article", { class: "card paper" },
      h("h1", { class: "paper-title" }, paper.title ? highlighted(paper.title, spansOf(paper, "TITLE"), onFocus) : paper.label),
      h("p", { class: "meta" }, [yearVenue(paper), paper.status].filter(Boolean).join(" · "),
        paper.authors.length ? h("span", {}, ` — ${paper.authors.join(", ")}`) : null),
      linksOut(paper),
      h("div", { class: "paper-body" },
        h("p", { class: "abstract", id: "abstract" }, highlighted(paper.abstract, spansOf(paper, "ABSTRACT"), onFocus)),
        h("aside", { class: "paper-side" },
          h("div", { class: "legend" }, h("mark", { class: "hl proposes" }, "proposed method"),
            h("mark", { class: "hl uses" }, "used method"), h("mark", { class: "hl concept" }, "concept")),
          evidence,
          h("div", { class: "actions" }, pinButton(paper.id), h("a", { href: `/graph?seed=${encodeURIComponent(paper.id)}`, class: "button" }, "Open as a map"))))),
    h("div", { class: "columns" },
      h("div", {}, methodsCard(paper), conceptsCard(paper), topicsCard(paper)),
      h("div", {}, relatedCard(paper), sharedCard(paper))),
    graphCard(paper, navigate),
  );
}

function linksOut(paper) {
  const found = Q.LINK_FIELDS.filter((f) => paper[f] && LINKS_OUT[f]).map((f) => LINKS_OUT[f](paper[f]));
  if (!found.length) return null;
  return h("p", { class: "links-out" }, found.map(([name, href]) => h("a", { href, rel: "noopener", class: "button" }, name)));
}

function pinButton(id) {
  const label = () => (pinned().includes(id) ? "Unpin from map" : "Pin to map");
  const button = h("button", { type: "button", "aria-pressed": String(pinned().includes(id)) }, label());
  button.addEventListener("click", () => {
    togglePin(id);
    button.textContent = label();
    button.setAttribute("aria-pressed", String(pinned().includes(id)));
  });
  return button;
}

function methodsCard(paper) {
  const mentions = [...new Map(paper.methodMentions.map((m) => [`${m.relation}|${m.method.key}`, m])).values()];
  const row = (m) => h("span", {}, methodLink(m.method),
    m.method.variantOf ? h("span", { class: "muted" }, " varies ", h("a", { href: `/method/${encodeURIComponent(m.method.variantOf.key)}` }, m.method.variantOf.name)) : null,
    m.method.variants.length ? h("span", { class: "muted" }, ` · ${m.method.variants.length} named variant(s)`) : null);
  return section("Methods",
    h("h3", {}, "Proposed"), list(mentions.filter((m) => m.relation === "PROPOSES"), row, "No method proposed."),
    h("h3", {}, "Used"), list(mentions.filter((m) => m.relation === "USES"), row, "No method used."));
}

const conceptsCard = (paper) =>
  section("Concepts", chips(paper.concepts.map((c) => c.concept), conceptLink, "No concepts."));

const topicsCard = (paper) =>
  section("Themes", list(paper.topics, (t) => h("a", { href: `/themes#topic-${encodeURIComponent(t.id)}` }, t.name), "No theme."));

const relatedCard = (paper) =>
  section("Related papers", list(paper.related, (r) => h("div", { class: "hit" },
    paperLink(r.paper), h("span", { class: "muted" }, ` ${yearVenue(r.paper)}`),
    h("p", { class: "why" }, r.reason)), "No related papers."));

function sharedCard(paper) {
  const out = h("div", { "aria-live": "polite" });
  const select = h("select", { id: "second-paper", "aria-label": "Second paper" },
    h("option", { value: "" }, "Choose a related paper…"),
    paper.related.map((r) => h("option", { value: r.paper.id }, r.paper.label)));
  const typed = h("input", { type: "text", placeholder: "…or a paper id", "aria-label": "Second paper id" });
  const show = async (other) => {
    if (!other) return;
    out.replaceChildren(empty("Comparing…"));
    try {
      const data = await Q.gql(Q.sharedConcepts, { a: paper.id, b: other });
      if (!data.paper) return out.replaceChildren(empty(`No paper has the id ${other}.`));
      out.replaceChildren(h("p", {}, "With ", h("a", { href: paperHref(data.paper.id) }, data.paper.label), ":"),
        list(data.sharedConceptsExplained, (s) => h("span", {}, conceptLink(s.concept), h("span", { class: "muted" }, ` ${s.reason}`)), "No concept in common."));
    } catch (error) {
      out.replaceChildren(h("p", { class: "error" }, error.message));
    }
  };
  select.addEventListener("change", () => show(select.value));
  typed.addEventListener("keydown", (e) => e.key === "Enter" && show(typed.value.trim()));
  return section("Shared concepts", h("div", { class: "row" }, select, typed), out);
}

function graphCard(paper, navigate) {
  const box = h("div", { class: "graph", id: "graph" });
  const card = section("Graph around this paper", box);
  requestAnimationFrame(async () => {
    const view = graphView(box, { navigate, seeds: [paper.id] });
    try {
      view.add(await paperNeighbourhood(paper.id, { hops: 2, limit: 80 }));
    } catch (error) {
      box.append(h("p", { class: "error" }, error.message));
    }
  });
  return card;
}
