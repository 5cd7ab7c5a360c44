"""Production switches and transport rules of the API: introspection, field suggestions, GraphiQL
off by settings; mutations never over GET (real app, real Neo4j)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from neo4j import AsyncDriver
from pydantic import SecretStr
from starlette.applications import Starlette

from api import create_app
from graph.writes import PaperRow, graph_counts, upsert_papers
from papergraph.settings import Settings, load_settings

pytestmark = pytest.mark.neo4j
TOKEN = "security-token-1"
INTROSPECTION = "{ __schema { queryType { name } } }"
TYPO = '{ paperz(id: "p1") { id } }'


@asynccontextmanager
async def serve(settings: Settings, **switches: object) -> AsyncIterator[httpx.AsyncClient]:
    app: Starlette = create_app(settings.model_copy(update=switches))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as client:
            yield client


async def post(client: httpx.AsyncClient, query: str) -> dict[str, Any]:
    body: dict[str, Any] = (await client.post("/graphql", json={"query": query})).json()
    return body


@pytest.fixture
async def settings(driver: AsyncDriver, neo4j_settings: Settings) -> Settings:
    row = PaperRow(
        id="p1",
        source_id=True,
        match_key="mk-p1",
        content_hash="h",
        label="One",
        abstract="An abstract.",
        source="test",
        extractor="hand",
    )
    await upsert_papers(driver, database=neo4j_settings.neo4j_database, papers=[row])
    return neo4j_settings.model_copy(update={"api_token": SecretStr(TOKEN)})


async def test_mutations_are_refused_over_get_even_with_the_token(
    settings: Settings, driver: AsyncDriver
) -> None:
    async with serve(settings) as client:
        mutation = 'mutation { deletePaper(id: "p1") }'
        response = await client.get(
            "/graphql", params={"query": mutation}, headers={"Authorization": f"Bearer {TOKEN}"}
        )
        assert response.status_code in {400, 405} and "Traceback" not in response.text
        read = await client.get("/graphql", params={"query": '{ paper(id: "p1") { id } }'})
        assert read.json()["data"]["paper"]["id"] == "p1"  # queries over GET still work
    assert (await graph_counts(driver, database=settings.neo4j_database)).papers == 1


async def test_introspection_is_switchable(settings: Settings) -> None:
    async with serve(settings) as client:
        schema = (await post(client, INTROSPECTION))["data"]["__schema"]
        assert schema["queryType"]["name"] == "Query"
    async with serve(settings, introspection=False) as client:
        for _ in range(2):  # refused again when the document comes from the cache
            body = await post(client, INTROSPECTION)
            assert body.get("data") is None
            assert {e["extensions"]["code"] for e in body["errors"]} == {"BAD_USER_INPUT"}
        assert (await post(client, '{ paper(id: "p1") { id } }'))["data"]["paper"]["id"] == "p1"


@pytest.mark.parametrize(
    "query",
    [TYPO, '{ papers(serch: "x") { totalCount } }', "{ papers(orderBy: TITEL) { totalCount } }"],
)
async def test_field_suggestions_are_switchable(settings: Settings, query: str) -> None:
    async with serve(settings) as client:
        assert "Did you mean" in (await post(client, query))["errors"][0]["message"]
    async with serve(settings, field_suggestions=False) as client:
        error = (await post(client, query))["errors"][0]
        assert "Did you mean" not in error["message"]
        assert error["extensions"]["code"] == "BAD_USER_INPUT"
        assert error["message"]  # the error itself stays


async def test_graphiql_is_switchable(settings: Settings) -> None:
    html = {"Accept": "text/html"}
    async with serve(settings) as client:
        assert (await client.get("/graphql", headers=html)).status_code == 200
    async with serve(settings, graphiql=False) as client:
        page = await client.get("/graphql", headers=html)
        assert page.status_code == 404 and "graphiql" not in page.text.lower()


def test_the_switches_read_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("PAPERGRAPH_INTROSPECTION", "PAPERGRAPH_FIELD_SUGGESTIONS", "PAPERGRAPH_GRAPHIQL"):
        monkeypatch.setenv(name, "false")
    settings = load_settings()
    assert (settings.introspection, settings.field_suggestions, settings.graphiql) == (
        False,
        False,
        False,
    )
