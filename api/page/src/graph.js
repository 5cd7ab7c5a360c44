// The graph view: Cytoscape.js with the fCoSE force-directed layout. Colour by label, size by
// degree, click a node to open its page, right-click (or Shift+click) to expand it, hover for
// what a node is and why an edge is there.
import cytoscape from "cytoscape";
import fcose from "cytoscape-fcose";
import * as Q from "./queries.js";
import { h, paperHref, conceptHref, methodHref } from "./dom.js";

cytoscape.use(fcose);

const COLOURS = { PAPER: "#2563eb", CONCEPT: "#0f8a5f", METHOD: "#c2410c" };
const EDGE_WORDS = { MENTIONS: "mentions", PROPOSES: "proposes", USES: "uses", RELATED_TO: "related to", RELATED: "related paper" };

const STYLE = [
  { selector: "node", style: {
    "background-color": (n) => COLOURS[n.data("kind")] || "#555",
    width: "mapData(degree, 1, 25, 10, 38)", height: "mapData(degree, 1, 25, 10, 38)",
    label: "", "font-size": 11, color: "#1f2937", "text-wrap": "ellipsis", "text-max-width": 120,
    "text-valign": "bottom", "text-margin-y": 3, "text-background-color": "#fff",
    "text-background-opacity": 0.85, "text-background-padding": 1, "border-width": 1, "border-color": "#fff" } },
  { selector: "node[?labelled]", style: { label: "data(label)" } },
  { selector: "node[?seed]", style: { "border-width": 4, "border-color": "#111827", label: "data(label)", "font-weight": "bold" } },
  { selector: "node.hover", style: { label: "data(label)", "z-index": 10, "font-size": 12 } },
  { selector: "edge", style: { width: 1, "line-color": "#cbd5e1", "curve-style": "haystack", opacity: 0.8 } },
  { selector: "edge[type = 'PROPOSES']", style: { "line-color": "#f59e0b", width: 2 } },
  { selector: "edge[type = 'RELATED']", style: { "line-color": "#6366f1", width: 2, "line-style": "dashed", "curve-style": "bezier" } },
  { selector: "edge.hover", style: { "line-color": "#111827", width: 3 } },
];

/** A node id as the API writes it: `kind:key`. */
const nodeId = (kind, key) => `${kind.toLowerCase()}:${key}`;

const hrefOf = (n) =>
  n.kind === "PAPER" ? paperHref(n.key) : n.kind === "CONCEPT" ? conceptHref(n.key) : methodHref(n.key);

/**
 * A graph view in `container`; `navigate(href)` opens a page. Returns {add, expand, cy}.
 * `seeds` are paper ids drawn pinned (thick border, always labelled).
 */
export function graphView(container, { navigate, seeds = [], maxNodes = 300 }) {
  const canvas = h("div", { class: "graph-canvas", role: "img", "aria-label": "Graph of related papers, concepts and methods" });
  const tip = h("div", { class: "graph-tip", hidden: true });
  const count = h("span", { class: "muted graph-count" });
  container.append(h("div", { class: "graph-legend" },
    Object.entries(COLOURS).map(([kind, colour]) =>
      h("span", {}, h("i", { style: `background:${colour}` }), kind.toLowerCase())),
    h("span", { class: "muted" }, "click: open · right-click or Shift+click: expand · hover: why"), count),
    canvas, tip);
  const cy = cytoscape({ container: canvas, style: STYLE, minZoom: 0.2, maxZoom: 3 });
  const seedSet = new Set(seeds);
  window.papergraph = { ...(window.papergraph || {}), graph: cy };

  /** Draw more nodes and edges; new nodes start at `around` (an expanded node) when given. */
  function add({ nodes = [], edges = [] }, around = null) {
    const first = cy.nodes().empty();
    const fresh = [];
    for (const n of nodes) {
      if (cy.getElementById(n.id).nonempty() || fresh.some((f) => f.data.id === n.id)) continue;
      if (cy.nodes().length + fresh.length >= maxNodes) continue;
      const position = around ? { ...around.position() } : undefined;
      fresh.push({ group: "nodes", data: { ...n, href: hrefOf(n), seed: n.kind === "PAPER" && seedSet.has(n.key) }, position });
    }
    cy.add(fresh);
    const edgesFresh = [];
    for (const e of edges) {
      const id = `${e.source}>${e.type}>${e.target}`;
      if (e.source === e.target || cy.getElementById(id).nonempty()) continue;
      if (cy.getElementById(e.source).empty() || cy.getElementById(e.target).empty()) continue;
      edgesFresh.push({ group: "edges", data: { ...e, id } });
    }
    cy.add(edgesFresh);
    refresh(first);
  }

  function refresh(first) {
    const nodes = cy.nodes();
    nodes.forEach((n) => n.data("degree", n.degree()));
    // Readable at a few hundred nodes: name only the best-linked ones, the rest on hover.
    const ranked = nodes.sort((a, b) => b.degree() - a.degree());
    const named = nodes.length > 60 ? 25 : nodes.length;
    ranked.forEach((n, i) => n.data("labelled", i < named));
    count.textContent = `${nodes.length} nodes, ${cy.edges().length} edges`;
    container.dataset.nodes = String(nodes.length);
    // An expansion refines the drawn layout instead of starting over, so the map keeps its shape.
    cy.layout({ name: "fcose", quality: "default", animate: false, randomize: first,
      nodeRepulsion: 20000, idealEdgeLength: 110, nodeSeparation: 90, edgeElasticity: 0.3, packComponents: true }).run();
  }

  async function expand(node) {
    const kind = node.data("kind"), key = node.data("key");
    if (kind === "PAPER") add(await paperNeighbourhood(key, { hops: 1, limit: 40 }), node);
    else if (kind === "CONCEPT") add(await conceptNeighbourhood(key, 20), node);
    else add(await methodNeighbourhood(key, 20), node);
  }

  cy.on("tap", "node", (event) => {
    if (event.originalEvent?.shiftKey) expand(event.target);
    else navigate(event.target.data("href"));
  });
  cy.on("cxttap", "node", (event) => expand(event.target));
  cy.on("mouseover", "node, edge", (event) => {
    event.target.addClass("hover");
    showTip(event, describe(event.target));
  });
  cy.on("mouseout", "node, edge", (event) => {
    event.target.removeClass("hover");
    tip.hidden = true;
  });

  function showTip(event, text) {
    tip.textContent = text;
    tip.hidden = false;
    const { x, y } = event.renderedPosition || { x: 0, y: 0 };
    tip.style.left = `${Math.min(x + 12, canvas.clientWidth - 260)}px`;
    tip.style.top = `${y + 12}px`;
  }

  return { add, expand, cy };
}

function describe(el) {
  if (el.isNode()) {
    const d = el.data();
    return `${d.label} — ${d.kind.toLowerCase()}, ${el.degree()} links${d.seed ? ", pinned seed" : ""}`;
  }
  const d = el.data();
  const ends = `${el.source().data("label")} ${EDGE_WORDS[d.type] || d.type} ${el.target().data("label")}`;
  if (d.reason) return `${ends}: ${d.reason}`;
  return d.weight != null ? `${ends} (score ${d.weight.toFixed(2)})` : ends;
}

/** A paper's neighbourhood and its related papers (with their reasons) as nodes and edges. */
export async function paperNeighbourhood(id, { hops, limit }) {
  const data = await Q.gql(Q.neighborhood, { id, hops, limit });
  const { nodes, edges } = data.neighborhood;
  const start = nodes[0];
  const related = data.relatedPapers.map((r) => ({ id: nodeId("PAPER", r.paper.id), kind: "PAPER", key: r.paper.id, label: r.paper.label }));
  const relatedEdges = data.relatedPapers.map((r) => ({
    source: start.id, target: nodeId("PAPER", r.paper.id), type: "RELATED", weight: r.score, reason: r.reason }));
  return { nodes: [...nodes, ...related], edges: [...edges, ...relatedEdges] };
}

export async function conceptNeighbourhood(key, first) {
  const { concept } = await Q.gql(Q.conceptPapers, { key, first });
  const me = { id: nodeId("CONCEPT", concept.key), kind: "CONCEPT", key: concept.key, label: concept.name };
  const papers = concept.papers.edges.map(({ node }) => ({ id: nodeId("PAPER", node.id), kind: "PAPER", key: node.id, label: node.label }));
  const related = concept.related.map((r) => ({ id: nodeId("CONCEPT", r.concept.key), kind: "CONCEPT", key: r.concept.key, label: r.concept.name, shared: r.papers }));
  return {
    nodes: [me, ...papers, ...related],
    edges: [
      ...papers.map((p) => ({ source: p.id, target: me.id, type: "MENTIONS" })),
      ...related.map((c) => ({ source: me.id, target: c.id, type: "CO_MENTIONED", reason: `mentioned together in ${c.shared} papers` })),
    ],
  };
}

export async function methodNeighbourhood(key, first) {
  const { method } = await Q.gql(Q.methodPapers, { key, first });
  const me = { id: nodeId("METHOD", method.key), kind: "METHOD", key: method.key, label: method.name };
  const asNode = (p) => ({ id: nodeId("PAPER", p.id), kind: "PAPER", key: p.id, label: p.label });
  const proposers = method.proposedBy.map(asNode);
  const users = method.usedBy.edges.map(({ node }) => asNode(node));
  return {
    nodes: [me, ...proposers, ...users],
    edges: [
      ...proposers.map((p) => ({ source: p.id, target: me.id, type: "PROPOSES" })),
      ...users.map((p) => ({ source: p.id, target: me.id, type: "USES" })),
    ],
  };
}
