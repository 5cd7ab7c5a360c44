"""The researcher's page over HTTP: every page address answers the one shell, the shell loads
only the shipped files, only allow-listed files are served, the production switches still hold
and the page stays within its weight budget."""

from __future__ import annotations

import gzip
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import pytest
from starlette.applications import Starlette

from api import create_app
from api._page import PAGE_ASSETS
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j
PAGE_ADDRESSES = (
    "/",
    "/search?q=graph&from=2020&to=2025",
    "/paper/pg-9f0eeceabf2b5c00",
    "/paper/10.1000/a.b",  # a DOI holds slashes
    "/concept/graph%20neural%20network",
    "/method/lora",
    "/themes",
    "/draft",
    "/graph?seed=a&seed=b",
)
BUDGET_GZIPPED = 500 * 1024


@asynccontextmanager
async def serve(app: Starlette) -> AsyncIterator[httpx.AsyncClient]:
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as client:
            yield client


def local_sources(page: str) -> list[str]:
    return re.findall(r'<(?:script|link rel="stylesheet")[^>]* (?:src|href)="([^"]+)"', page)


async def test_every_page_address_answers_the_shell_and_its_files(neo4j_settings: Settings) -> None:
    async with serve(create_app(neo4j_settings)) as http:
        pages = [await http.get(address) for address in PAGE_ADDRESSES]
        assert all(
            p.status_code == 200 and p.headers["content-type"].startswith("text/html")
            for p in pages
        )
        assert len({p.text for p in pages}) == 1
        sources = local_sources(pages[0].text)
        assert sorted(sources) == ["/page/assets/page.css", "/page/assets/page.js"]  # no CDN
        script = await http.get("/page/assets/page.js")
        style = await http.get("/page/assets/page.css")
    assert script.headers["content-type"].split(";")[0] in {
        "text/javascript",
        "application/javascript",
    }
    assert style.headers["content-type"].startswith("text/css")
    assert b"/graphql" in script.content and len(script.content) > 10_000


async def test_only_the_allow_listed_files_are_served(neo4j_settings: Settings) -> None:
    async with serve(create_app(neo4j_settings)) as http:
        for name in (
            "LICENSE.cytoscape",
            "package.json",
            "..%2F..%2Fapp.py",
            "%2Fetc%2Fpasswd",
            "main.js",
        ):
            assert (await http.get(f"/page/assets/{name}")).status_code == 404, name


async def test_the_production_switches_still_hold(neo4j_settings: Settings) -> None:
    production = neo4j_settings.model_copy(update={"graphiql": False, "introspection": False})
    async with serve(create_app(production)) as http:
        shell = await http.get("/")
        schema = await http.get("/schema.graphql")
        ide = await http.get("/graphql", headers={"Accept": "text/html"})
    assert shell.status_code == 200 and 'href="/graphql"' in shell.text
    assert "/schema.graphql" not in shell.text and schema.status_code == 404
    assert "graphiql" not in ide.text.lower()


async def test_the_page_weighs_under_its_budget_gzipped(neo4j_settings: Settings) -> None:
    async with serve(create_app(neo4j_settings)) as http:
        shell = (await http.get("/")).content
    files = [shell, *(path.read_bytes() for path in PAGE_ASSETS.values())]
    assert sum(len(gzip.compress(data, 9)) for data in files) <= BUDGET_GZIPPED
