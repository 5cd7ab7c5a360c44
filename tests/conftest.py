"""Fixtures of every suite: the real Neo4j (started locally on test ports unless NEO4J_URI is
set) and the corpora the tests read, all inside the repository or built from it."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from _corpora import iclr2021_records, iclr2025_records, write_jsonl_gz
from neo4j import AsyncDriver

from graph.connection import async_driver
from graph.schema import ensure_schema
from graph.writes import clear_graph
from papergraph.cli import local_neo4j
from papergraph.settings import Settings, load_settings

REPO = Path(__file__).resolve().parent.parent
CITATIONS_FIXTURE = REPO / "tests" / "data" / "sources" / "openalex-citations.jsonl"
TEST_BOLT_PORT = 17687
TEST_HTTP_PORT = 17474


@pytest.fixture(scope="session")
def seed_file() -> Path:
    """The bundled sample corpus (a copy of the user's seed)."""
    return REPO / "examples" / "iclr2025-seed.txt"


@pytest.fixture(scope="session")
def iclr2025_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """2,104 papers in the ICLR 2025 file's format, 12 of them seed papers (see _corpora.py)."""
    path = tmp_path_factory.mktemp("corpora") / "iclr2025-style.jsonl.gz"
    return write_jsonl_gz(path, iclr2025_records())


@pytest.fixture(scope="session")
def iclr2021_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 synthetic papers in the ICLR 2021 file's format: authors, keywords, rejections."""
    path = tmp_path_factory.mktemp("corpora") / "iclr2021-style.jsonl.gz"
    return write_jsonl_gz(path, iclr2021_records())


@pytest.fixture(scope="session")
def neo4j_settings() -> Iterator[Settings]:
    """Settings of the test database: NEO4J_URI when given, else a local server on test ports.

    The local test server has its own store (one instance folder per Bolt port), so tests never
    touch the development graph. It is stopped at the end if this session started it.
    """
    if "NEO4J_URI" in os.environ:
        yield load_settings()
        return
    config = load_settings(
        NEO4J_URI=f"bolt://127.0.0.1:{TEST_BOLT_PORT}",
        PAPERGRAPH_NEO4J_HTTP_PORT=TEST_HTTP_PORT,
        PAPERGRAPH_NEO4J_HEAP="768m",
        PAPERGRAPH_NEO4J_PAGECACHE="256m",
    )
    was_running = local_neo4j.status(config).running
    local_neo4j.start(config)
    yield config
    if not was_running and not os.environ.get("PAPERGRAPH_KEEP_TEST_NEO4J"):
        local_neo4j.stop(config)


@pytest.fixture(scope="session")
async def session_driver(neo4j_settings: Settings) -> AsyncIterator[AsyncDriver]:
    driver = async_driver(neo4j_settings)
    await ensure_schema(driver, database=neo4j_settings.neo4j_database)
    yield driver
    await driver.close()


@pytest.fixture
async def driver(session_driver: AsyncDriver, neo4j_settings: Settings) -> AsyncDriver:
    """A driver on an empty graph (schema kept): every test starts clean."""
    await clear_graph(session_driver, database=neo4j_settings.neo4j_database)
    return session_driver


async def _load_simply(path: Path, driver: AsyncDriver, settings: Settings) -> Settings:
    from loaders.extraction.simple import SimpleExtractor
    from loaders.pipeline import extract_and_write
    from loaders.readers import read_corpus
    from loaders.records import PaperRecord
    from papergraph.usecases.ingest import settle_graph

    records = [r for r in read_corpus(path) if isinstance(r, PaperRecord)]
    await extract_and_write(
        records, driver=driver, database=settings.neo4j_database, extractor=SimpleExtractor()
    )
    await settle_graph(driver, database=settings.neo4j_database)
    return settings


@pytest.fixture
async def seeded(driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path) -> Settings:
    """The seed corpus loaded with the quick deterministic extractor (the export tests' graph)."""
    return await _load_simply(seed_file, driver, neo4j_settings)


#: papers whose concepts nest (``neural network`` over ``graph neural network``), so that the
#: hierarchy has BROADER edges to place; the seed's quick extractor finds only two-word phrases
NESTED = {
    "nest-a": ("graph neural network", "neural network", "message passing", "node classification"),
    "nest-b": (
        "dynamic graph neural network",
        "graph neural network",
        "message passing",
        "node classification",
    ),
    "nest-c": ("latent diffusion model", "diffusion model", "neural network"),
}


@pytest.fixture
async def structured(driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path) -> Settings:
    """The seed corpus loaded with the quick deterministic extractor, plus papers whose concepts
    nest, with the BROADER hierarchy and the topics placed as a load places them."""
    from _rows import paper_mentioning

    from graph.hierarchy import refresh_hierarchy
    from graph.topics import refresh_topics
    from graph.writes import upsert_papers

    database = neo4j_settings.neo4j_database
    await _load_simply(seed_file, driver, neo4j_settings)
    nested = [paper_mentioning(pid, keys) for pid, keys in NESTED.items()]
    await upsert_papers(driver, database=database, papers=nested)
    await refresh_hierarchy(driver, database=database)
    await refresh_topics(driver, database=database)
    return neo4j_settings


@pytest.fixture
async def cited(driver: AsyncDriver, neo4j_settings: Settings) -> Settings:
    """Six OpenAlex works with authors, citing each other and works not loaded (CitedWorks)."""
    return await _load_simply(CITATIONS_FIXTURE, driver, neo4j_settings)


@pytest.fixture
async def seeded_api(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> AsyncIterator[str]:
    """A real uvicorn serving the API on a free loopback port over the seed graph; yields the
    GraphQL URL. The seed is ingested as a load does (hierarchy, trend counts, topics) with the
    small deterministic extractor (fast), which also extracts the API's drafts."""
    import socket
    import threading

    import uvicorn

    from api import create_app
    from loaders.extraction.simple import SimpleExtractor
    from loaders.pipeline import read_corpora
    from papergraph.usecases.ingest import ingest_papers

    def simple() -> SimpleExtractor:
        return SimpleExtractor(dimensions=384)

    await ingest_papers(
        read_corpora([seed_file]).records,
        driver=driver,
        settings=neo4j_settings,
        extractor=simple(),
    )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        create_app(neo4j_settings, extractor_factory=simple),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="on",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:  # noqa: ASYNC110 - uvicorn.Server offers no event to await
        await asyncio.sleep(0.05)
    yield f"http://127.0.0.1:{port}/graphql"
    server.should_exit = True
    thread.join(timeout=10)
