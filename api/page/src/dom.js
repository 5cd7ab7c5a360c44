// Small DOM helpers: elements built with text nodes only (no innerHTML of API text).

/** An element: h("a", {href: "/x", class: "y"}, "text", child, [more]). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

export const paperHref = (id) => `/paper/${encodeURIComponent(id)}`;
export const conceptHref = (key) => `/concept/${encodeURIComponent(key)}`;
export const methodHref = (key) => `/method/${encodeURIComponent(key)}`;

export const paperLink = (p) => h("a", { href: paperHref(p.id) }, p.title || p.label);
export const conceptLink = (c) => h("a", { href: conceptHref(c.key), class: "chip concept" }, c.name);
export const methodLink = (m) =>
  h("a", { href: methodHref(m.key), class: "chip method" }, m.name, m.kind ? h("small", {}, ` ${m.kind.toLowerCase()}`) : null);

/** "2025 · ICLR" from whichever of the two are known. */
export const yearVenue = (p) => [p.year, p.venue].filter(Boolean).join(" · ");

export const section = (title, ...children) => h("section", { class: "card" }, h("h2", {}, title), ...children);

/** " · also written X, Y" for the aliases that differ from the name, else "". */
export function aliasesOf(thing) {
  const other = thing.aliases.filter((a) => a.toLowerCase() !== thing.name.toLowerCase());
  return other.length ? ` · also written ${other.join(", ")}` : "";
}

export const empty = (text) => h("p", { class: "muted" }, text);

export function list(items, render, none = "None.") {
  if (!items?.length) return empty(none);
  return h("ul", { class: "list" }, items.map((item) => h("li", {}, render(item))));
}

export function chips(items, render, none = "None.") {
  if (!items?.length) return empty(none);
  return h("div", { class: "chips" }, items.map(render));
}

/** A small bar chart of a trend (papers by year), as SVG. */
export function trendChart(points, { label = "papers" } = {}) {
  if (!points?.length) return empty("No dated papers.");
  const width = 360, height = 120, pad = 22;
  const max = Math.max(...points.map((p) => p.papers), 1);
  const step = Math.min((width - pad) / points.length, 48);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "trend");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", points.map((p) => `${p.year}: ${p.papers} ${label}`).join(", "));
  points.forEach((p, i) => {
    const barHeight = ((height - 2 * pad) * p.papers) / max;
    const x = pad / 2 + i * step;
    svg.append(svgNode("rect", { x: x + step * 0.15, y: height - pad - barHeight, width: step * 0.7, height: Math.max(barHeight, 1), class: "bar" },
      `${p.year}: ${p.papers} of ${p.total} papers (${(100 * p.share).toFixed(1)} %)`));
    svg.append(svgNode("text", { x: x + step / 2, y: height - 6, class: "axis" }, String(p.year)));
    svg.append(svgNode("text", { x: x + step / 2, y: height - pad - barHeight - 4, class: "value" }, String(p.papers)));
  });
  return svg;
}

function svgNode(tag, attrs, text) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (tag === "text") node.textContent = text;
  else if (text) node.append(svgTitle(text));
  return node;
}

function svgTitle(text) {
  const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
  title.textContent = text;
  return title;
}
