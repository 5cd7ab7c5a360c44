"""Stop Neo4j under a running API (real uvicorn): DATABASE_UNAVAILABLE, /health 503, recovery.

The same app process keeps serving while the database is away and answers normally again once
it is back, without a restart.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from neo4j import AsyncDriver

from api import create_app
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import extract_and_write, read_corpora
from papergraph.cli import local_neo4j
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j
QUERIES = (
    '{ paper(id: "%s") { id concepts(first: 3) { concept { key } } } }',
    "{ papers(first: 5) { totalCount } }",
    '{ concepts(search: "graph") { totalCount } }',
    '{ neighborhood(id: "%s", hops: 2) { nodes { id } } }',
    "{ stats { papers } }",
)


@pytest.fixture
async def api(fault_driver: AsyncDriver, neo4j_up: Settings, iclr: Path) -> AsyncIterator[str]:
    """uvicorn serving the API in a thread over 40 ICLR-style papers; yields the base URL."""
    records = read_corpora([iclr], limit=40).records
    await extract_and_write(
        records,
        driver=fault_driver,
        database=neo4j_up.neo4j_database,
        extractor=SimpleExtractor(dimensions=384),
    )
    await settle_graph(fault_driver, database=neo4j_up.neo4j_database)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(neo4j_up), host="127.0.0.1", port=port, log_level="critical", lifespan="on"
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:  # noqa: ASYNC110 (uvicorn offers no event to wait on)
        await asyncio.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


async def ask(client: httpx.AsyncClient, query: str) -> tuple[int, dict[str, Any]]:
    response = await client.post("/graphql", json={"query": query})
    assert "Traceback" not in response.text
    return response.status_code, response.json()


async def all_queries(client: httpx.AsyncClient, paper: str) -> list[tuple[int, dict[str, Any]]]:
    return [await ask(client, q.replace("%s", paper)) for q in QUERIES]


def codes(body: dict[str, Any]) -> set[str]:
    return {e["extensions"]["code"] for e in body.get("errors", [])}


async def test_api_survives_neo4j_going_away_and_recovers_alone(
    api: str, neo4j_up: Settings, iclr: Path
) -> None:
    paper = read_corpora([iclr], limit=1).records[0].id
    assert paper is not None
    async with httpx.AsyncClient(base_url=api, timeout=30) as client:
        assert all(not body.get("errors") for _, body in await all_queries(client, paper))
        assert (await client.get("/health")).status_code == 200

        local_neo4j.stop(neo4j_up)
        for status, body in await all_queries(client, paper):
            assert status == 200 and codes(body) == {"DATABASE_UNAVAILABLE"}, body
            assert all("Neo4j" in e["message"] for e in body["errors"])
        down = await client.get("/health")
        assert down.status_code == 503 and down.json()["status"] == "unavailable"

        local_neo4j.start(neo4j_up)
        deadline = time.monotonic() + 30
        while (await client.get("/health")).status_code != 200:
            assert time.monotonic() < deadline, "the API did not see Neo4j come back"
            await asyncio.sleep(0.5)
        answers = await all_queries(client, paper)
        assert all(status == 200 and not body.get("errors") for status, body in answers), answers
        assert answers[0][1]["data"]["paper"]["id"] == paper
