"""A ``neo4j://`` URI (routing, as for a cluster or Aura) works like ``bolt://``: the driver
asks the server for its routing table and sends reads to readers and writes to the leader; the
app only needs the URI. Tested against the local server through the routing scheme."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from neo4j import AsyncDriver
from pydantic import SecretStr

from api import create_app
from graph.connection import async_driver
from graph.schema import DEFAULT_EMBEDDING_DIMENSIONS
from graph.writes import graph_counts
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import extract_and_write, read_corpora
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j
TOKEN = "routing-token-123"
INGEST = "mutation($p: [PaperInput!]!) { ingestPapers(papers: $p) { written ids } }"


def routed(settings: Settings) -> Settings:
    """The same server through ``neo4j://`` (the routing scheme)."""
    uri = f"neo4j://{settings.bolt_host}:{settings.bolt_port}"
    return settings.model_copy(update={"neo4j_uri": uri, "api_token": SecretStr(TOKEN)})


def extractor() -> SimpleExtractor:
    return SimpleExtractor(dimensions=DEFAULT_EMBEDDING_DIMENSIONS)


async def test_a_load_and_the_api_work_through_a_neo4j_uri(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    settings = routed(neo4j_settings)
    async with async_driver(settings) as routing:
        assert (await routing.get_server_info()).address.port == settings.bolt_port
        report = await extract_and_write(
            read_corpora([seed_file]).records,
            driver=routing,
            database=settings.neo4j_database,
            extractor=extractor(),
        )
        await settle_graph(routing, database=settings.neo4j_database)
    assert report.written == 19
    app = create_app(settings, extractor_factory=extractor)
    paper = {"id": "routed-1", "title": "Routed", "abstract": "A paper written via routing. " * 4}
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as http:
            auth = {"Authorization": f"Bearer {TOKEN}"}
            wrote = await http.post(
                "/graphql", json={"query": INGEST, "variables": {"p": [paper]}}, headers=auth
            )
            read = await http.post(
                "/graphql", json={"query": '{ paper(id: "routed-1") { title } stats { papers } }'}
            )
    assert wrote.json()["data"]["ingestPapers"]["written"] == 1, wrote.text
    assert read.json()["data"] == {"paper": {"title": "Routed"}, "stats": {"papers": 20}}
    counts = await graph_counts(driver, database=neo4j_settings.neo4j_database)
    assert counts.papers == 20  # the same graph, seen through bolt://
