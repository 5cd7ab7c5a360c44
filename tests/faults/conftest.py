"""Fault tests: a Neo4j of their own (stopped, killed and restarted without disturbing others).

The server runs on a free port pair in 62000..64999 (outside the kernel's ephemeral range and away
from the fixed ports other suites use), shares the jars in ``PAPERGRAPH_HOME`` and gets its own
instance folder, which is deleted at the end. Tests that stop it start it again before they end.
"""

from __future__ import annotations

import os
import shutil
import socket
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from neo4j import AsyncDriver

from graph.connection import async_driver
from graph.schema import ensure_schema
from graph.writes import clear_graph
from papergraph.cli import local_neo4j
from papergraph.settings import Settings, load_settings

DIMENSIONS = 384  # the real extractor's; SimpleExtractor(dimensions=384) matches the vector index


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) != 0


def free_port_pair() -> tuple[int, int]:
    """A Bolt port and the HTTP port after it, both free."""
    for bolt in range(62000 + os.getpid() % 1000 * 2, 65000, 2):
        if _free(bolt) and _free(bolt + 1):
            return bolt, bolt + 1
    raise RuntimeError("no free port pair in 62000..64999")


@pytest.fixture(scope="package")
def fault_settings() -> Iterator[Settings]:
    """A private local Neo4j for the fault tests; stopped and deleted at the end."""
    bolt, http = free_port_pair()
    settings = load_settings(
        NEO4J_URI=f"bolt://127.0.0.1:{bolt}",
        PAPERGRAPH_NEO4J_HTTP_PORT=http,
        PAPERGRAPH_NEO4J_HEAP="512m",
        PAPERGRAPH_NEO4J_PAGECACHE="64m",
        PAPERGRAPH_WRITE_RETRY_SECONDS=3,
    )
    local_neo4j.start(settings)
    try:
        yield settings
    finally:
        local_neo4j.stop(settings)
        shutil.rmtree(local_neo4j.layout(settings).instance, ignore_errors=True)


@pytest.fixture
def neo4j_up(fault_settings: Settings) -> Settings:
    """The private server, running (a previous test may have stopped it and failed)."""
    local_neo4j.start(fault_settings)
    return fault_settings


@pytest.fixture
async def fault_driver(neo4j_up: Settings) -> AsyncIterator[AsyncDriver]:
    """A driver on the private server, on an empty graph with the schema in place."""
    driver = async_driver(neo4j_up)
    await ensure_schema(driver, database=neo4j_up.neo4j_database, dimensions=DIMENSIONS)
    await clear_graph(driver, database=neo4j_up.neo4j_database)
    yield driver
    await driver.close()


@pytest.fixture(scope="package")
def iclr(iclr2025_corpus: Path) -> Path:
    """2,104 papers in the ICLR 2025 corpus's format, built by the tests (tests/_corpora.py)."""
    return iclr2025_corpus
