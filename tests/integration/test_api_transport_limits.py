"""What the server refuses at the HTTP level, over real HTTP with the server settings of
``papergraph serve``: a head (URL and headers) over its size, a JSON-like media type that is not
JSON, a body that stops arriving, a body shorter than its Content-Length."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest
from _uvicorn import serving
from neo4j import AsyncDriver
from pydantic import SecretStr

from api import create_app
from api._limits import MAX_HEAD_BYTES
from graph.schema import DEFAULT_EMBEDDING_DIMENSIONS
from graph.writes import PaperRow, graph_counts, upsert_papers
from loaders.extraction.simple import SimpleExtractor
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

TOKEN = "transport-token"
ABSTRACT = (
    "We propose SparGT, a sparse graph transformer that scales attention to large graphs by "
    "sampling neighbourhoods, and evaluate it on node classification benchmarks."
)


def extractor() -> SimpleExtractor:
    return SimpleExtractor(dimensions=DEFAULT_EMBEDDING_DIMENSIONS)


async def raw(url: str, head: bytes, body: bytes = b"", *, close: bool = False) -> bytes:
    """Send ``head`` and ``body`` on a socket of its own; the answer (b"" if none came)."""
    host, port = url.split("//")[1].split("/")[0].split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(head + body)
    await writer.drain()
    if close:
        writer.write_eof()
    try:
        return await asyncio.wait_for(reader.read(65536), 2 if close else 60)
    except TimeoutError:
        if close:  # a client that left reads nothing
            return b""
        raise
    finally:
        writer.close()


def status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def post_head(length: int, media: str = "application/json", token: str = "") -> bytes:
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    return (
        f"POST /graphql HTTP/1.1\r\nHost: api\r\nContent-Type: {media}\r\n{auth}"
        f"Content-Length: {length}\r\nConnection: close\r\n\r\n"
    ).encode()


async def stats(url: str) -> float:
    started = time.perf_counter()
    async with httpx.AsyncClient() as http:
        answer = await http.post(url, json={"query": "{ stats { papers } }"})
    assert answer.status_code == 200 and "errors" not in answer.json()
    return time.perf_counter() - started


async def test_a_head_over_its_size_is_a_400_and_others_are_served(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    app = create_app(neo4j_settings, extractor_factory=extractor)
    big = "x" * (MAX_HEAD_BYTES * 4)
    async with serving(app, production=True) as url:
        header = await raw(
            url, f"GET /health HTTP/1.1\r\nHost: api\r\nX-Big: {big}\r\n\r\n".encode()
        )
        long_url = await raw(url, f"GET /health?{big} HTTP/1.1\r\nHost: api\r\n\r\n".encode())
        fine = await stats(url)
    assert status(header) == 400 and status(long_url) == 400
    assert fine < 2


@pytest.mark.parametrize(
    "media", ["application/json5", "application/jsonx", "application/json-patch+json"]
)
@pytest.mark.parametrize("body", [b"5", b"null", b'"x"'])
async def test_json_like_media_types_are_a_415_not_a_500(
    driver: AsyncDriver, neo4j_settings: Settings, media: str, body: bytes
) -> None:
    app = create_app(neo4j_settings, extractor_factory=extractor)
    async with serving(app, production=True) as url:
        answer = await raw(url, post_head(len(body), media), body)
    assert status(answer) == 415, answer
    assert b"Traceback" not in answer and b"UNSUPPORTED_MEDIA_TYPE" in answer


async def test_a_body_shorter_than_its_content_length_never_runs(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    row = PaperRow(
        id="p1",
        source_id=True,
        match_key="mk-p1",
        content_hash="h",
        label="One",
        abstract=ABSTRACT,
        source="test",
        extractor="hand",
    )
    await upsert_papers(driver, database=database, papers=[row])
    settings = neo4j_settings.model_copy(update={"api_token": SecretStr(TOKEN)})
    app = create_app(settings, extractor_factory=extractor)
    body = json.dumps({"query": 'mutation { deletePaper(id: "p1") }'}).encode()
    async with serving(app, production=True) as url:
        short = await raw(url, post_head(len(body) + 5_000, token=TOKEN), body, close=True)
        await asyncio.sleep(1.5)  # what a run would have written by now
        assert short == b"" and (await graph_counts(driver, database=database)).papers == 1
        whole = await raw(url, post_head(len(body), token=TOKEN), body)  # the same, complete
    assert status(whole) == 200, whole
    assert (await graph_counts(driver, database=database)).papers == 0


async def test_a_body_that_stops_arriving_is_a_408(
    driver: AsyncDriver, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    from api import _limits

    monkeypatch.setattr(_limits, "READ_SECONDS", 1.0)
    app = create_app(neo4j_settings, extractor_factory=extractor)
    async with serving(app, production=True) as url:
        started = time.perf_counter()
        answer = await raw(url, post_head(100), b'{"query": ')
        took = time.perf_counter() - started
    assert status(answer) == 408 and took < 5


async def test_a_head_that_trickles_in_is_a_408_within_its_bound_and_others_are_served(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    app = create_app(neo4j_settings, extractor_factory=extractor)
    async with serving(app, production=True, head_seconds=1.0) as url:
        host, port = url.split("//")[1].split("/")[0].split(":")
        slow = [await asyncio.open_connection(host, int(port)) for _ in range(50)]
        started = time.perf_counter()
        for _, writer in slow:
            writer.write(b"GET /graphql HTTP/1.1\r\nHost: api\r\nX-Slow: a")  # then nothing
        took = await stats(url)
        answers = [await asyncio.wait_for(reader.read(), 5) for reader, _ in slow]
        closed_after = time.perf_counter() - started
        for _, writer in slow:
            writer.close()
        # a head sent in pieces within the bound, and a second request on the same connection
        reader, writer = await asyncio.open_connection(host, int(port))
        for piece in (b"GET /health HTTP/1.1\r\n", b"Host: api\r\n", b"\r\n"):
            writer.write(piece)
            await asyncio.sleep(0.3)
        first = await asyncio.wait_for(reader.readuntil(b"}"), 5)
        writer.write(b"GET /health HTTP/1.1\r\nHost: api\r\nConnection: close\r\n\r\n")
        second = await asyncio.wait_for(reader.read(), 5)
        writer.close()
    assert {status(a) for a in answers} == {408} and closed_after < 3.0
    assert all(b"REQUEST_TIMEOUT" in a for a in answers)
    assert took < 1.0
    assert status(first) == 200 and status(second) == 200


async def test_a_second_head_that_trickles_in_on_a_kept_connection_is_a_408(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    app = create_app(neo4j_settings, extractor_factory=extractor)
    async with serving(app, production=True, head_seconds=1.0) as url:
        host, port = url.split("//")[1].split("/")[0].split(":")
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(b"GET /health HTTP/1.1\r\nHost: api\r\n\r\n")
        first = await asyncio.wait_for(reader.readuntil(b"}"), 5)
        started = time.perf_counter()
        for piece in (b"GET /health HTTP/1.1\r\n", b"Host: api\r\n", b"X-Slow: a"):
            writer.write(piece)  # each piece within the keep-alive time, the head not
            await asyncio.sleep(0.4)
        second = await asyncio.wait_for(reader.read(), 5)
        took = time.perf_counter() - started
        writer.close()
    assert status(first) == 200
    assert status(second) == 408 and took < 2.5
