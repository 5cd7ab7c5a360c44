"""API protections through HTTP: limits, error codes, authentication, health (real Neo4j)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from neo4j import AsyncDriver
from pydantic import SecretStr
from starlette.applications import Starlette

from api import create_app
from api.schema import MAX_ALIASES, MAX_DEPTH
from graph.writes import MentionRow, PaperRow, upsert_papers
from papergraph.settings import Settings, load_settings

pytestmark = pytest.mark.neo4j
TOKEN = "test-token-123"
Post = Callable[..., Any]


@asynccontextmanager
async def serve(app: Starlette) -> AsyncIterator[httpx.AsyncClient]:
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as client:
            yield client


async def gql(
    client: httpx.AsyncClient, query: str, *, token: str | None = None, **variables: Any
) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = await client.post(
        "/graphql", json={"query": query, "variables": variables}, headers=headers
    )
    body: dict[str, Any] = response.json()
    return body


def codes(body: dict[str, Any]) -> list[str]:
    return [e["extensions"]["code"] for e in body.get("errors", [])]


class Broken:
    """An extractor whose embed fails with an unexpected (non-papergraph) error."""

    version, dimensions = "broken", 256

    def extract(self, docs: Any) -> Any:
        raise RuntimeError("boom")

    def embed(self, texts: Any) -> Any:
        raise ValueError("secret internals /etc/passwd")


@pytest.fixture
async def client(driver: AsyncDriver, neo4j_settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    row = PaperRow(
        id="p1",
        source_id=True,
        match_key="mk-p1",
        content_hash="h",
        label="One",
        abstract="An abstract.",
        source="test",
        extractor="hand",
        year=2024,
        mentions=(
            MentionRow(key="alpha", name="Alpha", aliases=(), score=0.9, rank=1, source="keybert"),
        ),
    )
    await upsert_papers(driver, database=neo4j_settings.neo4j_database, papers=[row])
    settings = neo4j_settings.model_copy(update={"api_token": SecretStr(TOKEN)})
    async with serve(create_app(settings, extractor_factory=Broken)) as http:
        yield http


async def test_depth_limit_rejects_and_server_keeps_answering(client: httpx.AsyncClient) -> None:
    deep = (
        '{ paper(id: "p1") '
        + "{ related { paper " * MAX_DEPTH
        + "{ id"
        + " }" * (2 * MAX_DEPTH + 2)
    )
    body = await gql(client, deep)
    assert codes(body) and set(codes(body)) == {"BAD_USER_INPUT"}
    assert "depth" in body["errors"][0]["message"]
    assert (await gql(client, '{ paper(id: "p1") { id } }'))["data"]["paper"]["id"] == "p1"


async def test_limits_still_apply_when_the_document_is_served_from_the_cache(
    client: httpx.AsyncClient,
) -> None:
    deep = (
        '{ paper(id: "p1") '
        + "{ related { paper " * MAX_DEPTH
        + "{ id"
        + " }" * (2 * MAX_DEPTH + 2)
    )
    aliased = "{ " + " ".join(f"a{i}: stats {{ papers }}" for i in range(MAX_ALIASES + 1)) + " }"
    huge = "{ " + "stats { papers } " * 1000 + "}"
    for _ in range(3):  # the first request fills the document cache, the others hit it
        assert set(codes(await gql(client, deep))) == {"BAD_USER_INPUT"}
        assert codes(await gql(client, aliased)) == ["BAD_USER_INPUT"]
        assert "BAD_USER_INPUT" in codes(await gql(client, huge))
        assert (await gql(client, "{ stats { papers } }"))["data"]["stats"]["papers"] == 1


async def test_alias_and_token_limits(client: httpx.AsyncClient) -> None:
    aliased = "{ " + " ".join(f"a{i}: stats {{ papers }}" for i in range(MAX_ALIASES + 1)) + " }"
    assert codes(await gql(client, aliased)) == ["BAD_USER_INPUT"]
    huge = "{ " + "stats { papers } " * 1000 + "}"
    assert "BAD_USER_INPUT" in codes(await gql(client, huge))
    assert (await gql(client, "{ stats { papers } }"))["data"]["stats"]["papers"] == 1


async def test_first_is_capped(client: httpx.AsyncClient) -> None:
    body = await gql(client, "{ papers(first: 101) { totalCount } }")
    assert codes(body) == ["BAD_USER_INPUT"] and "100" in body["errors"][0]["message"]
    nested = '{ paper(id: "p1") { concepts(first: 1000) { score } } }'
    assert codes(await gql(client, nested)) == ["BAD_USER_INPUT"]
    bad_cursor = await gql(client, '{ papers(after: "not-a-cursor") { totalCount } }')
    assert codes(bad_cursor) == ["BAD_USER_INPUT"]
    ok = await gql(client, "{ papers(first: 100) { totalCount } }")
    assert ok["data"]["papers"]["totalCount"] == 1


async def test_known_errors_carry_codes(client: httpx.AsyncClient) -> None:
    missing = await gql(client, '{ sharedConcepts(paperA: "p1", paperB: "nope") { key } }')
    assert codes(missing) == ["NOT_FOUND"]
    unknown = await gql(client, '{ relatedPapers(id: "nope") { score } }')
    assert codes(unknown) == ["NOT_FOUND"]
    known = await gql(client, '{ relatedPapers(id: "p1") { score } }')
    assert known["data"]["relatedPapers"] == []  # the only paper: nothing related, not an error
    assert known["extensions"]["cypherStatements"] == 1  # id resolution inside the ranking query
    assert codes(
        await gql(client, '{ path(fromPaper: "p1", toPaper: "p1", maxHops: 9) { length } }')
    ) == ["BAD_USER_INPUT"]
    assert codes(await gql(client, "{ concept { key } }")) == ["BAD_USER_INPUT"]
    assert codes(await gql(client, "{ nope }")) == ["BAD_USER_INPUT"]
    assert codes(await gql(client, "{ papers(")) == ["BAD_USER_INPUT"]
    # An empty selection set is a syntax error, not a crash of the depth limit's rule.
    for _ in range(2):  # parsed, then served from the document cache
        empty = await gql(client, "{ stats { } }")
        assert (
            codes(empty) == ["BAD_USER_INPUT"] and "Syntax Error" in empty["errors"][0]["message"]
        )


async def test_unexpected_errors_are_masked(client: httpx.AsyncClient) -> None:
    body = await gql(client, '{ similarPapers(text: "graphs") { score } }')
    assert codes(body) == ["INTERNAL"]
    text = str(body)
    assert "passwd" not in text and "Traceback" not in text and "ValueError" not in text


async def test_mutations_need_the_token(client: httpx.AsyncClient) -> None:
    delete = 'mutation { deletePaper(id: "p1") }'
    assert codes(await gql(client, delete)) == ["UNAUTHENTICATED"]
    assert codes(await gql(client, delete, token="wrong")) == ["UNAUTHENTICATED"]
    ingest = 'mutation { ingestPapers(papers: [{abstract: "x"}]) { written } }'
    assert codes(await gql(client, ingest)) == ["UNAUTHENTICATED"]
    assert (await gql(client, '{ paper(id: "p1") { id } }'))["data"]["paper"] is not None
    assert (await gql(client, delete, token=TOKEN))["data"]["deletePaper"] == "p1"
    assert (await gql(client, '{ paper(id: "p1") { id } }'))["data"]["paper"] is None
    assert (await gql(client, "{ stats { papers concepts } }"))["data"]["stats"] == {
        "papers": 0,
        "concepts": 0,
    }
    assert codes(await gql(client, delete, token=TOKEN)) == ["NOT_FOUND"]


async def test_mutations_disabled_without_a_configured_token(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    settings = neo4j_settings.model_copy(update={"api_token": None})
    async with serve(create_app(settings, extractor_factory=Broken)) as http:
        body = await gql(http, 'mutation { deletePaper(id: "p1") }', token="anything")
        assert codes(body) == ["UNAUTHENTICATED"] and "disabled" in body["errors"][0]["message"]


async def test_health_up_and_down(client: httpx.AsyncClient, neo4j_settings: Settings) -> None:
    up = await client.get("/health")
    assert up.status_code == 200 and up.json()["neo4j"].startswith("Neo4j/5")
    down_settings = load_settings(
        NEO4J_URI="bolt://127.0.0.1:1", NEO4J_PASSWORD=neo4j_settings.neo4j_auth()[1]
    )
    async with serve(create_app(down_settings, extractor_factory=Broken)) as down:
        response = await down.get("/health")
        assert response.status_code == 503 and "not reachable" in response.json()["reason"]
        body = await gql(down, '{ paper(id: "p1") { id } }')
        assert codes(body) == ["DATABASE_UNAVAILABLE"]
    assert (await client.get("/health")).status_code == 200


async def test_graphiql_and_cors(client: httpx.AsyncClient, neo4j_settings: Settings) -> None:
    page = await client.get("/graphql", headers={"Accept": "text/html"})
    assert page.status_code == 200 and "graphiql" in page.text.lower()
    # Offline: every script and stylesheet comes from the package, none from a CDN.
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(source.startswith("/graphiql/assets/") for source in sources)
    for source in sources:
        asset = await client.get(source)
        assert asset.status_code == 200 and len(asset.content) > 1000, source
    settings = neo4j_settings.model_copy(update={"cors_origins": ("http://ui.example",)})
    async with serve(create_app(settings, extractor_factory=Broken)) as http:
        preflight = await http.options(
            "/graphql",
            headers={"Origin": "http://ui.example", "Access-Control-Request-Method": "POST"},
        )
        assert preflight.headers["access-control-allow-origin"] == "http://ui.example"
