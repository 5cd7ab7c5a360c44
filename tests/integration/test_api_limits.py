"""The API's bounds over real HTTP (uvicorn): query cost, response size, request body size,
malformed bodies, search text, cursors, duplicate ids, the bearer scheme (real Neo4j)."""

from __future__ import annotations

import asyncio
import base64
import logging
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from _uvicorn import serving
from neo4j import AsyncDriver
from pydantic import SecretStr

from api import create_app
from graph.queries import lucene_terms
from graph.writes import MentionRow, PaperRow, upsert_papers
from loaders.extraction.simple import SimpleExtractor
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j
TOKEN = "test-token-123"
HOSTILE = (
    "{papers(first:100){edges{node{related(first:100){paper{related(first:100)"
    "{paper{related(first:100){paper{id}}}}}}}}}}"
)
NESTED = (
    "query($n: Int!) { papers(first: $n) { edges { node { related(first: $n) "
    "{ paper { related(first: $n) { paper { id } } } } } } } }"
)


def codes(body: dict[str, Any]) -> list[str]:
    return [e["extensions"]["code"] for e in body.get("errors", [])]


async def post(client: httpx.AsyncClient, query: str, **variables: Any) -> dict[str, Any]:
    response = await client.post("/graphql", json={"query": query, "variables": variables})
    body: dict[str, Any] = response.json()
    return body


def paper(i: int) -> PaperRow:
    alpha = MentionRow(key="alpha", name="Alpha", aliases=(), score=0.9, rank=1, source="keybert")
    return PaperRow(
        id=f"p{i}",
        source_id=True,
        match_key=f"mk-p{i}",
        content_hash="h",
        label=f"Paper {i}",
        abstract=f"Graph neural networks, abstract number {i}.",
        source="test",
        extractor="hand",
        mentions=(alpha,),
    )


@pytest.fixture
async def graph(driver: AsyncDriver, neo4j_settings: Settings) -> AsyncDriver:
    """Three papers sharing one concept: every paper is related to the two others."""
    await upsert_papers(
        driver, database=neo4j_settings.neo4j_database, papers=[paper(i) for i in range(3)]
    )
    return driver


@pytest.fixture
def settings(neo4j_settings: Settings) -> Settings:
    return neo4j_settings.model_copy(update={"api_token": SecretStr(TOKEN)})


async def client_for(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(settings, extractor_factory=lambda: SimpleExtractor(dimensions=384))
    async with serving(app) as url:
        base = url.removesuffix("/graphql")
        async with httpx.AsyncClient(base_url=base, timeout=30) as client:
            yield client


@pytest.fixture
async def client(graph: AsyncDriver, settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async for http in client_for(settings):
        yield http


# --- query cost ---------------------------------------------------------------------------------


async def test_a_costly_query_is_refused_before_it_runs_on_every_road(
    client: httpx.AsyncClient,
) -> None:
    for _ in range(3):  # the first request caches the document; later ones may take a shortcut
        body = await post(client, HOSTILE)
        assert codes(body) == ["QUERY_TOO_COSTLY"] and body["data"] is None
        error = body["errors"][0]
        assert error["extensions"]["limit"] == 50_000
        assert error["extensions"]["estimate"] > 100**4
        assert "50,000" in error["message"]
        assert body["extensions"]["cypherStatements"] == 0  # nothing ran


async def test_the_estimate_reads_the_variables(client: httpx.AsyncClient) -> None:
    for _ in range(3):
        small = await post(client, NESTED, n=5)
        assert "errors" not in small
        assert len(small["data"]["papers"]["edges"]) == 3
        assert codes(await post(client, NESTED, n=100)) == ["QUERY_TOO_COSTLY"]


async def test_the_cost_limit_is_a_setting(graph: AsyncDriver, settings: Settings) -> None:
    query = "{ papers(first: 30) { edges { node { id } } } }"  # 1 + 30 + 30 objects
    async for client in client_for(settings.model_copy(update={"max_query_cost": 60})):
        for _ in range(2):
            refused = await post(client, query)
            assert codes(refused) == ["QUERY_TOO_COSTLY"]
            assert refused["errors"][0]["extensions"] == {
                "code": "QUERY_TOO_COSTLY",
                "estimate": 61,
                "limit": 60,
            }
        assert "errors" not in await post(client, "{ papers(first: 29) { edges { node { id } } } }")


async def test_fragments_and_aliases_count_where_they_are_used(client: httpx.AsyncClient) -> None:
    fragments = (
        "query { a: papers(first: 100) { ...E } b: papers(first: 100) { ...E } }"
        " fragment E on PaperConnection { edges { node { related(first: 100) "
        "{ paper { concepts(first: 100) { score } } } } } }"
    )
    assert codes(await post(client, fragments)) == ["QUERY_TOO_COSTLY"]


async def test_an_answer_over_the_response_cap_is_refused(
    graph: AsyncDriver, settings: Settings
) -> None:
    query = "{ papers(first: 3) { edges { node { id abstract } } } }"
    async for client in client_for(settings.model_copy(update={"max_response_bytes": 150})):
        for _ in range(2):  # Strawberry's road, then the direct one
            body = await post(client, query)
            assert codes(body) == ["RESPONSE_TOO_LARGE"] and "150" in body["errors"][0]["message"]
        assert (await post(client, "{ stats { papers } }"))["data"]["stats"]["papers"] == 3


# --- request bodies -----------------------------------------------------------------------------


async def test_a_body_over_the_limit_is_refused_with_413(
    graph: AsyncDriver, settings: Settings
) -> None:
    padding = "x" * 5_000
    query = "{ stats { papers } } # " + padding
    async for client in client_for(settings.model_copy(update={"max_body_bytes": 4_000})):
        declared = await client.post("/graphql", json={"query": query})
        assert declared.status_code == 413
        assert declared.json()["errors"][0]["extensions"]["code"] == "PAYLOAD_TOO_LARGE"

        async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: counted while read
            yield b'{"query": "{ stats { papers } } #'
            for _ in range(100):
                yield b"x" * 1_000
            yield b'"}'

        streamed = await client.post(
            "/graphql", content=chunks(), headers={"Content-Type": "application/json"}
        )
        assert streamed.status_code == 413
        assert await status_of_a_waiting_upload(str(client.base_url), 500_000_000) == 413
        # a chunked body over the limit that arrives whole before the app reads it
        assert await status_of_a_chunked_upload(str(client.base_url), 100_000) == 413
        small = await client.post("/graphql", json={"query": "{ stats { papers } }"})
        assert small.status_code == 200 and small.json()["data"]["stats"]["papers"] == 3


async def status_of_a_waiting_upload(base_url: str, length: int) -> int:
    """The status a client gets that, as curl does, declares a body and waits for
    ``100 Continue`` before sending it."""
    url = httpx.URL(base_url)
    reader, writer = await asyncio.open_connection(url.host, url.port)
    head = (
        f"POST /graphql HTTP/1.1\r\nHost: {url.host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {length}\r\nExpect: 100-continue\r\n\r\n"
    )
    writer.write(head.encode())
    await writer.drain()
    status_line = await asyncio.wait_for(reader.readline(), timeout=10)
    writer.close()
    return int(status_line.split()[1])


async def status_of_a_chunked_upload(base_url: str, length: int) -> int:
    """The status answering a chunked body of ``length`` bytes sent in one write, with its
    last chunk, before the server reads any of it (no Content-Length to refuse it by)."""
    url = httpx.URL(base_url)
    reader, writer = await asyncio.open_connection(url.host, url.port)
    body = b'{"query": "{ stats { papers } } #' + b"x" * length + b'"}'
    writer.write(
        f"POST /graphql HTTP/1.1\r\nHost: {url.host}\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n".encode()
        + b"%x\r\n" % len(body)
        + body
        + b"\r\n0\r\n\r\n"
    )
    await writer.drain()
    status_line = await asyncio.wait_for(reader.readline(), timeout=10)
    writer.close()
    return int(status_line.split()[1])


@pytest.mark.parametrize(
    "query",
    [
        "variables=" + "[" * 5_000 + "]" * 5_000,
        "variables=" + '{"n": ' + "9" * 5_000 + "}",
    ],
    ids=["deep", "bigint"],
)
async def test_malformed_variables_in_a_get_are_a_400(
    client: httpx.AsyncClient, query: str
) -> None:
    response = await client.get(f"/graphql?query=%7Bstats%7Bpapers%7D%7D&{query}")
    assert response.status_code == 400 and "Traceback" not in response.text


@pytest.mark.parametrize(
    "body",
    [
        b"5",
        b"null",
        b'"x"',
        b"[]",
        b'{"query": "\xff\xfe"}',
        b"[" * 100_000 + b"]" * 100_000,
        b'{"query": "{ stats { papers } }", "variables": {"n": ' + b"9" * 5_000 + b"}}",
        b'{"query": ',
    ],
    ids=["int", "null", "string", "list", "utf8", "deep", "bigint", "truncated"],
)
async def test_a_malformed_body_is_a_400_with_a_code_and_one_log_line(
    client: httpx.AsyncClient, body: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        response = await client.post(
            "/graphql", content=body, headers={"Content-Type": "application/json"}
        )
    assert response.status_code == 400
    assert response.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"
    assert "Traceback" not in response.text
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and warnings[0].exc_info is None
    assert len(warnings[0].getMessage()) < 300
    ok = await post(client, "{ stats { papers } }")
    assert ok["data"]["stats"]["papers"] == 3


# --- search text --------------------------------------------------------------------------------


#: (field, most words, most characters): paper search reads a pasted sentence or paragraph;
#: concept and method search a name or a few keywords.
SEARCH_CAPS = [("papers", 100, 1000), ("concepts", 32, 500), ("methods", 32, 500)]


@pytest.mark.parametrize(("field", "words", "chars"), SEARCH_CAPS)
async def test_search_text_is_capped(
    client: httpx.AsyncClient, field: str, words: int, chars: int
) -> None:
    query = f"query($s: String!) {{ {field}(search: $s) {{ totalCount }} }}"
    many = await post(client, query, s=" ".join(["graph"] * (words + 1)))
    assert codes(many) == ["BAD_USER_INPUT"] and str(words) in many["errors"][0]["message"]
    hyphenated = await post(client, query, s="-".join(["a"] * 200))  # one token, 200 terms
    assert codes(hyphenated) == ["BAD_USER_INPUT"]
    long = await post(client, query, s="g" * (chars + 1))
    assert codes(long) == ["BAD_USER_INPUT"] and f"{chars:,}" in long["errors"][0]["message"]
    huge = await post(client, query, s=" ".join(["graph"] * 20_000))
    assert codes(huge) == ["BAD_USER_INPUT"]
    fine = await post(client, query, s=" ".join(["graph"] * words))
    assert "errors" not in fine


def test_search_caps_hold_for_every_caller() -> None:
    assert lucene_terms("graph (neural) networks") == r"graph \(neural\) networks"
    with pytest.raises(Exception, match="32"):
        lucene_terms("w " * 33)


# --- other user mistakes ------------------------------------------------------------------------


async def test_a_cursor_past_any_list_is_bad_input(client: httpx.AsyncClient) -> None:
    for offset in (2**31, 10**30):
        after = base64.urlsafe_b64encode(f"offset:{offset}".encode()).decode()
        body = await post(
            client, "query($a: String!) { papers(after: $a) { totalCount } }", a=after
        )
        assert codes(body) == ["BAD_USER_INPUT"]
    last = base64.urlsafe_b64encode(b"offset:1").decode()
    page = await post(client, "query($a: String!) { papers(after: $a) { totalCount } }", a=last)
    assert page["data"]["papers"]["totalCount"] == 3


async def test_duplicate_ids_in_one_ingest_are_bad_input(client: httpx.AsyncClient) -> None:
    ingest = "mutation($p: [PaperInput!]!) { ingestPapers(papers: $p) { written ids } }"
    twice = [
        {"id": "dup", "abstract": "Graph neural networks predict the properties of molecules."},
        {"id": "other", "abstract": "Transformers read protein sequences to predict structure."},
        {"id": "dup", "abstract": "A different abstract: diffusion models generate new images."},
    ]
    response = await client.post(
        "/graphql",
        json={"query": ingest, "variables": {"p": twice}},
        headers={"Authorization": f"Bearer {TOKEN}"},
    )
    body = response.json()
    assert codes(body) == ["BAD_USER_INPUT"]
    assert (
        "papers[2]" in body["errors"][0]["message"] and "papers[0]" in body["errors"][0]["message"]
    )
    assert (await post(client, "{ stats { papers } }"))["data"]["stats"]["papers"] == 3


@pytest.mark.parametrize("scheme", ["Bearer", "bearer", "BEARER"])
async def test_the_bearer_scheme_ignores_case(client: httpx.AsyncClient, scheme: str) -> None:
    response = await client.post(
        "/graphql",
        json={"query": 'mutation { deletePaper(id: "p0") }'},
        headers={"Authorization": f"{scheme} {TOKEN}"},
    )
    assert response.json()["data"] == {"deletePaper": "p0"}
    wrong = await client.post(
        "/graphql",
        json={"query": 'mutation { deletePaper(id: "p1") }'},
        headers={"Authorization": f"Basic {TOKEN}"},
    )
    assert codes(wrong.json()) == ["UNAUTHENTICATED"]


# --- the query timeout --------------------------------------------------------------------------

DENSE = """
UNWIND range(0, $concepts - 1) AS j
CREATE (:Concept {key: 'c' + j, name: 'C' + j, aliases: []})
WITH count(*) AS made
MATCH (c:Concept) WITH collect(c) AS concepts
UNWIND range(0, $papers - 1) AS i
CREATE (p:Paper {id: 'd' + i, label: 'D' + i, abstract: 'A dense paper.', altIds: []})
WITH p, concepts UNWIND concepts AS c
CREATE (p)-[:MENTIONS {score: 0.5, rank: 1, source: 'keybert'}]->(c)
"""
RUNNING = (
    "SHOW TRANSACTIONS YIELD currentQuery "
    "WHERE currentQuery CONTAINS 'ring1' AND NOT currentQuery STARTS WITH 'SHOW' "
    "RETURN count(*) AS running"
)


async def test_the_query_timeout_stops_the_neo4j_transactions(
    driver: AsyncDriver, settings: Settings
) -> None:
    """Every paper shares 40 concepts with every other: a 3-hop neighbourhood of 500 nodes is
    some 0.4 s of Neo4j's work, twenty of them in one request far more than the timeout."""
    database = settings.neo4j_database
    await driver.execute_query(DENSE, papers=1000, concepts=40, database_=database)
    wide = (
        "{ "
        + " ".join(
            f'n{i}: neighborhood(id: "d{i}", hops: 3, limit: 500) {{ nodes {{ id }} }}'
            for i in range(20)
        )
        + " }"
    )
    async for client in client_for(settings.model_copy(update={"query_timeout": 0.5})):
        body = await post(client, wide)
        assert "TIMEOUT" in codes(body)
        assert set(codes(body)) == {"TIMEOUT"}
        assert await transactions_left(driver, database, within=5.0) == 0


async def transactions_left(driver: AsyncDriver, database: str, *, within: float) -> int:
    """How many of the request's statements Neo4j still runs ``within`` seconds after the
    answer. The answer can come before all are stopped: graphql-core cancels the other fields
    of a request when a non-null one fails, and Neo4j stops a transaction whose client went
    away, like one past its timeout, at its next check."""
    deadline = asyncio.get_running_loop().time() + within
    while True:
        records, _, _ = await driver.execute_query(RUNNING, database_=database)
        running = int(records[0]["running"])
        if running == 0 or asyncio.get_running_loop().time() > deadline:
            return running
        await asyncio.sleep(0.2)
