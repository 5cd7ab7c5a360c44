"""The researcher's page: one HTML shell for every page route, and its built files.

``/``, ``/search``, ``/paper/<id>``, ``/concept/<key>``, ``/method/<key>``, ``/themes``,
``/draft`` and ``/graph`` all answer the same shell; the script in it (built from
``api/page/src/`` by ``scripts/build-page.sh`` and shipped in ``api/page/assets/``) reads the
address and asks the public ``/graphql`` endpoint for what to show. The shell's header and
footer link the API's own pages (GraphQL, health, Neo4j Browser, the schema), so they work
without the script too.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from papergraph.settings import Settings

__all__ = ["PAGE_ASSETS", "PAGE_PATHS", "page_routes"]

_SHIPPED = Path(__file__).resolve().parent / "page" / "assets"
#: The only files served under ``/page/assets/``, by public name.
PAGE_ASSETS = {name: _SHIPPED / name for name in ("page.js", "page.css")}
#: Every address answering the page's shell.
PAGE_PATHS = (
    "/",
    "/search",
    "/themes",
    "/draft",
    "/graph",
    "/paper/{id:path}",
    "/concept/{key:path}",
    "/method/{key:path}",
)
_SHELL = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>papergraph</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/page/assets/page.css">
</head>
<body>
  <header class="site-header"><div class="bar">
    <a class="brand" href="/">papergraph</a>
    <nav aria-label="Pages">
      <a href="/search">Search</a>
      <a href="/themes">Themes</a>
      <a href="/graph">Map</a>
      <a href="/draft">Draft</a>
    </nav>
    <span class="api">{header_links}</span>
  </div></header>
  <main id="app">
    <noscript>This page needs JavaScript; the API itself is at <a href="/graphql">/graphql</a>.</noscript>
  </main>
  <footer>
    <p>A knowledge graph of research papers, their methods and concepts.
    Usage: <code>papergraph --help</code> and the README's Command line section.</p>
    <ul>
{footer_links}
    </ul>
  </footer>
  <script src="/page/assets/page.js"></script>
</body>
</html>
"""


def _links(settings: Settings) -> list[tuple[str, str, str]]:
    """(address, name, what it is) of every API page the shell links to."""
    graphql = (
        "GraphiQL, the query editor (POST GraphQL here)"
        if settings.graphiql
        else "the GraphQL endpoint (POST)"
    )
    links = [
        ("/graphql", "GraphQL", graphql),
        ("/health", "Health", "200 when Neo4j answers, 503 and the reason when not"),
        (settings.browser_url, "Neo4j Browser", f"the graph itself, at {settings.neo4j_uri}"),
    ]
    if settings.introspection:
        links.append(("/schema.graphql", "Docs", "the GraphQL schema, every field described"))
    return links


def _shell(settings: Settings) -> str:
    links = _links(settings)
    header = " ".join(f'<a href="{escape(href)}">{escape(name)}</a>' for href, name, _ in links)
    footer = "\n".join(
        f'      <li><a href="{escape(href)}">{escape(name)}</a>: {escape(what)}</li>'
        for href, name, what in links
    )
    return _SHELL.replace("{header_links}", header).replace("{footer_links}", footer)


async def _asset(request: Request) -> Response:
    path = PAGE_ASSETS.get(request.path_params["name"])
    if path is None:
        return PlainTextResponse("Not found", status_code=404)
    return FileResponse(path, headers={"Cache-Control": "public, max-age=3600"})


def page_routes(settings: Settings, *, sdl: str) -> list[Route]:
    """The page's routes, its assets and, when introspection is allowed, ``/schema.graphql``."""
    shell = _shell(settings)

    async def page(request: Request) -> Response:
        return HTMLResponse(shell)

    async def schema(request: Request) -> Response:
        return PlainTextResponse(sdl)

    routes = [Route(path, page) for path in PAGE_PATHS]
    routes.append(Route("/page/assets/{name}", _asset))
    if settings.introspection:
        routes.append(Route("/schema.graphql", schema))
    return routes
