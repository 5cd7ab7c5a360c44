// The researcher's page: one shell for every route, rendered here from the URL. Links inside
// the page change the view without a reload; every view has its own address (deep links).
import { h } from "./dom.js";
import { searchPage } from "./search.js";
import { paperPage } from "./paper.js";
import { conceptPage, methodPage } from "./entity.js";
import { themesPage } from "./themes.js";
import { draftPage } from "./draft.js";
import { mapPage } from "./map.js";

const root = document.getElementById("app");

const ROUTES = [
  [/^\/(search)?$/, (m, params, ctx) => searchPage(root, params, ctx)],
  [/^\/paper\/(.+)$/, (m, params, ctx) => paperPage(root, m[1], ctx)],
  [/^\/concept\/(.+)$/, (m, params, ctx) => conceptPage(root, m[1], ctx)],
  [/^\/method\/(.+)$/, (m, params, ctx) => methodPage(root, m[1], ctx)],
  [/^\/themes$/, (m, params) => themesPage(root, params)],
  [/^\/draft$/, () => draftPage(root)],
  [/^\/graph$/, (m, params, ctx) => mapPage(root, params, ctx)],
];

function navigate(href) {
  history.pushState(null, "", href);
  render();
}

async function render() {
  const { pathname, search } = window.location;
  root.replaceChildren();
  root.setAttribute("aria-busy", "true");
  document.title = "papergraph";
  for (const link of document.querySelectorAll("header nav a")) {
    link.toggleAttribute("aria-current", link.getAttribute("href") === pathname);
  }
  const route = ROUTES.find(([pattern]) => pattern.test(pathname));
  try {
    if (!route) root.append(h("p", {}, "No page here. ", h("a", { href: "/" }, "Search")));
    else await route[1](pathname.match(route[0]).map((part, i) => (i ? decodeURIComponent(part) : part)), new URLSearchParams(search), { navigate });
  } catch (error) {
    root.append(h("p", { class: "error", role: "alert" }, `The API could not answer: ${error.message}`));
  } finally {
    root.removeAttribute("aria-busy");
    root.dataset.ready = pathname + search;
    if (window.location.hash) document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }
}

// Same-origin links to page routes render in place; the API's own pages load normally.
const PAGE_PATHS = /^\/(search|paper\/|concept\/|method\/|themes|draft|graph|$)/;
document.addEventListener("click", (event) => {
  const link = event.target.closest?.("a[href]");
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || !PAGE_PATHS.test(url.pathname)) return;
  event.preventDefault();
  navigate(url.pathname + url.search + url.hash);
});
window.addEventListener("popstate", render);
render();
