"""``GET /``: a small page pointing at everything the server offers, so a browser opened on the
bare address finds the API instead of a 404."""

from __future__ import annotations

from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from graph.config import Settings

__all__ = ["home_routes"]

_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>papergraph</title></head>
<body>
  <h1>papergraph</h1>
  <p>A knowledge graph of research papers, their methods and concepts.</p>
  <ul>
{links}
  </ul>
  <p>Usage: <code>papergraph --help</code> and the README's Command line section.</p>
</body>
</html>
"""


def _links(settings: Settings) -> list[tuple[str, str, str]]:
    """(address, name, what it is) of every page the server links to."""
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


def _page(settings: Settings) -> str:
    items = (
        f'    <li><a href="{escape(href)}">{escape(name)}</a>: {escape(what)}</li>'
        for href, name, what in _links(settings)
    )
    return _PAGE.format(links="\n".join(items))


def home_routes(settings: Settings, *, sdl: str) -> list[Route]:
    """``/`` and, when introspection is allowed, ``/schema.graphql`` (the SDL ``sdl``)."""
    page = _page(settings)

    async def home(request: Request) -> Response:
        return HTMLResponse(page)

    async def schema(request: Request) -> Response:
        return PlainTextResponse(sdl)

    routes = [Route("/", home)]
    if settings.introspection:
        routes.append(Route("/schema.graphql", schema))
    return routes
