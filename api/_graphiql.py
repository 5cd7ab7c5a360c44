"""GraphiQL served from local files, so it works offline and behind firewalls.

``make setup`` runs ``npm ci`` in ``api/graphiql`` (GraphiQL 3 UMD build + React 18). When those
files are present, GET /graphql serves a page that loads them from ``/graphiql/assets/``;
otherwise Strawberry's default page (which loads GraphiQL from a CDN) is used.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Route

__all__ = ["ASSETS", "asset_routes", "local_page"]

_MODULES = Path(__file__).resolve().parent / "graphiql" / "node_modules"
#: The only files served, by public name.
ASSETS = {
    "graphiql.min.css": _MODULES / "graphiql" / "graphiql.min.css",
    "graphiql.min.js": _MODULES / "graphiql" / "graphiql.min.js",
    "react.production.min.js": _MODULES / "react" / "umd" / "react.production.min.js",
    "react-dom.production.min.js": _MODULES / "react-dom" / "umd" / "react-dom.production.min.js",
}
_DEFAULT_QUERY = """# Welcome to papergraph. Try:
{
  stats { papers concepts methods }
  papers(first: 5) { totalCount edges { node { id label concepts(first: 5) { concept { name } score } } } }
}
"""
_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>papergraph · GraphiQL</title>
  <link rel="stylesheet" href="/graphiql/assets/graphiql.min.css">
  <style>body {{ margin: 0; }} #graphiql {{ height: 100vh; }}</style>
</head>
<body>
  <div id="graphiql">Loading GraphiQL…</div>
  <script src="/graphiql/assets/react.production.min.js"></script>
  <script src="/graphiql/assets/react-dom.production.min.js"></script>
  <script src="/graphiql/assets/graphiql.min.js"></script>
  <script>
    const fetcher = GraphiQL.createFetcher({{ url: window.location.pathname }});
    // Shareable links: /graphql#query=…&variables=… (a ?query= GET would run the query instead).
    const shared = new URLSearchParams(window.location.hash.slice(1));
    ReactDOM.createRoot(document.getElementById("graphiql")).render(
      React.createElement(GraphiQL, {{
        fetcher, defaultQuery: {default_query},
        query: shared.get("query") ?? undefined, variables: shared.get("variables") ?? undefined,
      }}));
  </script>
</body>
</html>
"""


def local_page() -> str | None:
    """The GraphiQL page using local assets, or None when ``npm ci`` has not been run."""
    if not all(path.is_file() for path in ASSETS.values()):
        return None
    import json

    return _PAGE.format(default_query=json.dumps(_DEFAULT_QUERY))


async def _asset(request: Request) -> Response:
    path = ASSETS.get(request.path_params["name"])
    if path is None or not path.is_file():
        return PlainTextResponse("Not found", status_code=404)
    return FileResponse(path, headers={"Cache-Control": "public, max-age=86400"})


def asset_routes() -> list[Route]:
    """The route serving the allow-listed GraphiQL files."""
    return [Route("/graphiql/assets/{name}", _asset)]
