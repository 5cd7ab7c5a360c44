// /themes: topics (communities of concepts) and the concepts rising between two years.
import * as Q from "./queries.js";
import { h, section, chips, conceptLink, empty, list } from "./dom.js";

export async function themesPage(root, params) {
  const { topics } = await Q.gql(Q.themes, { first: 30 });
  const years = [...new Set(topics.edges.flatMap((e) => e.node.trend.map((t) => t.year)))].sort();
  const to = Number(params.get("to")) || years.at(-1);
  const from = Number(params.get("from")) || years.at(-2);
  root.append(h("h1", {}, "Themes"),
    h("div", { class: "columns" },
      h("div", {}, section(`Topics (${topics.totalCount})`, topics.edges.length
        ? h("ol", { class: "topics" }, topics.edges.map(({ node }) => h("li", { id: `topic-${node.id}`, class: "topic" },
          h("h3", {}, node.name), h("p", { class: "muted" }, `${node.paperCount} papers, ${node.conceptCount} concepts`),
          chips(node.concepts, conceptLink))))
        : empty("No topics yet: they are computed after a load."))),
      h("div", {}, await risingCard(from, to, years))));
}

async function risingCard(from, to, years) {
  const form = h("form", { class: "row", action: "/themes" },
    h("label", {}, "From ", h("input", { name: "from", type: "number", value: from ?? "", class: "year" })),
    h("label", {}, "to ", h("input", { name: "to", type: "number", value: to ?? "", class: "year" })),
    h("button", { type: "submit" }, "Compare"));
  if (!from || !to || from === to) {
    return section("Rising concepts", form, empty(`The graph's papers span ${years.join(", ") || "no dated year"}: rising concepts need two years.`));
  }
  let risingConcepts;
  try {
    ({ risingConcepts } = await Q.gql(Q.rising, { from, to }));
  } catch (error) {
    return section("Rising concepts", form, h("p", { class: "error" }, error.message));
  }
  return section(`Rising concepts, ${from} → ${to}`, form,
    list(risingConcepts, (r) => h("span", {}, conceptLink(r.concept),
      h("span", { class: "muted" }, ` ${r.papersBefore} → ${r.papersAfter} papers, share +${(100 * r.change).toFixed(1)} pts (z ${r.z.toFixed(1)})`)),
    "No concept rose significantly between these years."));
}
