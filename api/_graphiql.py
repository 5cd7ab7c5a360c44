"""GraphiQL served from files shipped in the package, so it works offline and behind firewalls.

``api/graphiql/assets/`` holds GraphiQL 3's UMD build and React 18 (MIT, licences beside them),
refreshed by ``scripts/vendor-graphiql.sh``. GET /graphql serves a page that loads them from
``/graphiql/assets/``: no CDN, no Node.js at install time.
"""

from __future__ import annotations

import json
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Route

__all__ = ["ASSETS", "asset_routes", "local_page"]

_SHIPPED = Path(__file__).resolve().parent / "graphiql" / "assets"
#: The only files served, by public name.
ASSETS = {
    name: _SHIPPED / name
    for name in (
        "graphiql.min.css",
        "graphiql.min.js",
        "react.production.min.js",
        "react-dom.production.min.js",
    )
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


def local_page() -> str:
    """The GraphiQL page, loading the shipped assets."""
    return _PAGE.format(default_query=json.dumps(_DEFAULT_QUERY))


async def _asset(request: Request) -> Response:
    path = ASSETS.get(request.path_params["name"])
    if path is None:
        return PlainTextResponse("Not found", status_code=404)
    return FileResponse(path, headers={"Cache-Control": "public, max-age=86400"})


def asset_routes() -> list[Route]:
    """The route serving the allow-listed GraphiQL files."""
    return [Route("/graphiql/assets/{name}", _asset)]
