// /draft: paste an abstract and see where it fits (analyzeText; nothing is written).
import * as Q from "./queries.js";
import { h, section, list, chips, conceptLink, methodLink, paperLink, yearVenue, empty } from "./dom.js";

export function draftPage(root) {
  const text = h("textarea", { id: "draft-text", rows: 10, "aria-label": "Your abstract", placeholder: "Paste a title and abstract…" });
  text.value = sessionStorage.getItem("papergraph.draft") || "";
  const out = h("div", { id: "draft-result", "aria-live": "polite" });
  const button = h("button", { type: "submit" }, "Where does it fit?");
  const form = h("form", { class: "card" }, text, h("div", { class: "row" }, button,
    h("span", { class: "muted" }, "Nothing is stored: the draft is analysed and forgotten.")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    sessionStorage.setItem("papergraph.draft", text.value);
    if (!text.value.trim()) return out.replaceChildren(empty("Paste an abstract first."));
    out.replaceChildren(empty("Reading…"));
    try {
      out.replaceChildren(render((await Q.gql(Q.draft, { text: text.value })).analyzeText));
    } catch (error) {
      out.replaceChildren(h("p", { class: "error" }, error.message));
    }
  });
  root.append(h("h1", {}, "Draft"), form, out);
}

function render(analysis) {
  const term = (t) => (t.kind === "concept" ? termConcept(t) : h("span", { class: "chip method" }, t.name, h("small", {}, ` ${t.kind}`)));
  const termConcept = (t) => (t.paperCount ? conceptLink(t) : h("span", { class: "chip concept new" }, t.name));
  return h("div", { class: "columns" },
    h("div", {},
      section("Nearest papers", h("div", { id: "nearest" }, list(analysis.related, (r) => h("div", { class: "hit" },
        paperLink(r.paper), h("span", { class: "muted" }, ` ${yearVenue(r.paper)}`), h("p", { class: "why" }, r.reason)), "No paper of the graph is near.")))),
    h("div", {},
      section("Its concepts", chips(analysis.concepts, term, "No concepts found.")),
      section("Its methods", chips(analysis.methods, (m) => (m.paperCount ? methodLink(m) : term(m)), "No methods found.")),
      section("What looks new", h("p", { class: "muted" }, "No paper of the graph, or at most two, has these."),
        chips(analysis.new, (t) => h("span", { class: `chip ${t.kind === "concept" ? "concept" : "method"} new` }, t.name), "Nothing: every term is known."))));
}
