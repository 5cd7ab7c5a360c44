// /graph?seed=…&seed=…: a map of related work grown from several pinned papers at once.
import * as Q from "./queries.js";
import { h, empty, paperHref, section, list, paperLink, yearVenue } from "./dom.js";
import { graphView, paperNeighbourhood } from "./graph.js";
import { pinned, togglePin } from "./seeds.js";

const MAX_NODES = 300;

export async function mapPage(root, params, { navigate }) {
  const seeds = params.getAll("seed").length ? params.getAll("seed") : pinned();
  root.append(h("h1", {}, "Map of related work"));
  if (!seeds.length) {
    root.append(empty("No seed papers: open a paper and press “Pin to map”, or link /graph?seed=<id>&seed=<id>."));
    return;
  }
  const box = h("div", { class: "graph graph-large", id: "graph" });
  const links = seeds.map((id) => h("a", { href: paperHref(id) }, id));
  root.append(h("p", { class: "muted" }, "Seeds (thick border): ",
    links.map((link, i) => [i ? ", " : "", link]), " · ",
    h("button", { type: "button", onclick: () => { seeds.forEach((s) => pinned().includes(s) || togglePin(s)); } }, "Pin these")), box);
  const view = graphView(box, { navigate, seeds, maxNodes: MAX_NODES });
  const each = Math.max(20, Math.floor(MAX_NODES / seeds.length));
  const parts = await Promise.allSettled(seeds.map((id) => paperNeighbourhood(id, { hops: 2, limit: Math.min(each, 200) })));
  // Seeds first, so the cap never drops one.
  const found = parts.filter((p) => p.status === "fulfilled").map((p) => p.value);
  view.add({ nodes: [...found.map((f) => f.nodes[0]), ...found.flatMap((f) => f.nodes)], edges: found.flatMap((f) => f.edges) });
  for (const f of found) {
    const link = links[seeds.indexOf(f.nodes[0].key)];
    if (link) link.textContent = f.nodes[0].label;
  }
  if (Q.RECOMMEND) root.append(await suggestions(seeds, view));
  const failed = parts.filter((p) => p.status === "rejected");
  if (failed.length) root.append(h("p", { class: "error" }, failed.map((f) => f.reason.message).join(" ")));
}

/** Papers the API recommends for the whole seed set, drawn and listed with their reasons. */
async function suggestions(seeds, view) {
  const { recommendPapers } = await Q.gql(Q.recommendPapers, { positive: seeds, first: 10 });
  view.add({ nodes: recommendPapers.map((r) => ({ id: `paper:${r.paper.id}`, kind: "PAPER", key: r.paper.id, label: r.paper.label })), edges: [] });
  return section("Suggested for this map", list(recommendPapers, (r) => h("div", { class: "hit" },
    paperLink(r.paper), h("span", { class: "muted" }, ` ${yearVenue(r.paper)}`), h("p", { class: "why" }, r.reason)), "No suggestion."));
}
