// /concept/<key> and /method/<key>: papers, trend by year, broader/narrower or lineage,
// related concepts, and the graph around it.
import * as Q from "./queries.js";
import { h, section, list, chips, conceptLink, methodLink, paperLink, yearVenue, empty, trendChart, aliasesOf } from "./dom.js";
import { graphView, conceptNeighbourhood, methodNeighbourhood } from "./graph.js";

const paperRow = (p) => h("span", {}, paperLink(p), h("span", { class: "muted" }, ` ${yearVenue(p)}`));

export async function conceptPage(root, key, { navigate }) {
  const { concept } = await Q.gql(Q.concept, { key });
  if (!concept) return root.append(empty(`No concept has the key ${key}.`));
  document.title = `${concept.name} · papergraph`;
  root.append(
    h("header", { class: "card" }, h("p", { class: "kind concept" }, "Concept"), h("h1", {}, concept.name),
      h("p", { class: "meta" }, `${concept.paperCount} papers${aliasesOf(concept)}`)),
    h("div", { class: "columns" },
      h("div", {}, section(`Papers (${concept.papers.totalCount})`, h("div", { id: "papers" }, list(concept.papers.edges.map((e) => e.node), paperRow, "No papers.")))),
      h("div", {},
        section("Trend by year", trendChart(concept.trend)),
        section("In the graph",
          h("h3", {}, "Broader"), chips(concept.broader, conceptLink, "Nothing broader."),
          h("h3", {}, "Narrower"), chips(concept.narrower, conceptLink, "Nothing narrower."),
          h("h3", {}, "Related concepts"), chips(concept.related.map((r) => r.concept), conceptLink, "None."),
          h("h3", {}, "Methods of its papers"), chips(concept.methods, methodLink, "None.")))),
    graphCard(() => conceptNeighbourhood(concept.key, 40), navigate));
}

export async function methodPage(root, key, { navigate }) {
  const { method, lineage } = await Q.gql(Q.method, { key });
  if (!method) return root.append(empty(`No method has the key ${key}.`));
  document.title = `${method.name} · papergraph`;
  const users = method.usedBy.edges.map((e) => e.node);
  root.append(
    h("header", { class: "card" }, h("p", { class: "kind method" }, method.kind.toLowerCase()), h("h1", {}, method.name),
      h("p", { class: "meta" }, `${method.paperCount} papers${aliasesOf(method)}`), kindWhy(method)),
    h("div", { class: "columns" },
      h("div", {},
        section("Proposed by", h("div", { id: "papers" }, list(method.proposedBy, paperRow, "No paper in the graph proposes it."))),
        section(`Used by (${method.usedBy.totalCount})`, list(users, paperRow, "No paper uses it."))),
      h("div", {},
        section("Trend by year", trendChart(method.trend)),
        section("In the graph",
          h("h3", {}, "Lineage"), lineageView(method, lineage),
          h("h3", {}, "Concepts of its papers"), chips(method.concepts, conceptLink, "None.")))),
    graphCard(() => methodNeighbourhood(method.key, 40), navigate));
}

/** Why the method has its kind: how many of the papers saying what it is agree, the cue most of
 * them read it from, and what the others say. */
function kindWhy(method) {
  const reason = method.kindReason;
  if (!reason) return null;
  const others = reason.votes.filter((v) => v.kind !== method.kind).map((v) => `${v.kind.toLowerCase()} ${v.papers}`);
  return h("p", { class: "meta", id: "kind-reason" },
    `A ${method.kind.toLowerCase()} by ${reason.papers} of the ${reason.typed} papers saying what it is`,
    reason.rule ? `; most read it from: ${reason.rule}` : "",
    others.length ? `; others say ${others.join(", ")}` : "", ".");
}

function lineageView(method, lineage) {
  const entries = lineage?.entries || [];
  return h("div", {},
    method.variantOf ? h("p", {}, "A variant of ", methodLink(method.variantOf)) : null,
    entries.length > 1 ? list(entries, (e) => h("span", { style: `padding-left:${e.depth * 1.2}em` },
      methodLink(e.method), h("span", { class: "muted" }, ` ${e.useCount} uses${e.introducedBy[0] ? ` · from ${e.introducedBy[0].label}` : ""}`)))
      : chips(method.variants, methodLink, "No named variants."));
}

function graphCard(load, navigate) {
  const box = h("div", { class: "graph", id: "graph" });
  requestAnimationFrame(async () => {
    const view = graphView(box, { navigate });
    try {
      view.add(await load());
    } catch (error) {
      box.append(h("p", { class: "error" }, error.message));
    }
  });
  return section("Graph", box);
}
