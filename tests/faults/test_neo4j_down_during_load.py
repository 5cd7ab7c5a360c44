"""Stop Neo4j while `papergraph load` writes: retries, then a clear failure; nothing half-written.

The loader's driver retries transient errors with backoff for ``PAPERGRAPH_WRITE_RETRY_SECONDS``
(3 s here, 30 s by default). A few hundred papers with ``--batch-size 32`` are enough to stop the
server between committed batches (the real extractor, as users run it).
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from pathlib import Path

import pytest
from _faults import counts, integrity, start_cli, write_subset
from neo4j import AsyncDriver

from graph.connection import async_driver
from papergraph.cli import local_neo4j
from papergraph.settings import Settings

pytestmark = [pytest.mark.neo4j, pytest.mark.model]
PAPERS = 240


async def test_loader_retries_then_exits_with_what_it_wrote(
    fault_driver: AsyncDriver, neo4j_up: Settings, iclr: Path, tmp_path: Path
) -> None:
    log = tmp_path / "load.log"
    corpus = write_subset(iclr, tmp_path / "iclr.jsonl", PAPERS)
    loader = start_cli(neo4j_up, "load", str(corpus), "--batch-size", "32", log=log)
    while (await counts(fault_driver, neo4j_up)).papers < 64:
        assert loader.poll() is None, log.read_text()
        await asyncio.sleep(0.1)
    await fault_driver.close()
    ended: list[float] = []
    waiter = threading.Thread(target=lambda: ended.append(loader.wait() and time.monotonic()))
    waiter.start()
    stopping = time.monotonic()
    local_neo4j.stop(neo4j_up)
    waiter.join(timeout=90)

    output = log.read_text()
    assert loader.returncode == 1, output
    assert ended[0] - stopping >= neo4j_up.write_retry_seconds  # it retried before giving up
    # Depending on the moment it stops, Neo4j answers "unavailable" or refuses the connection;
    # either way the message says what to do.
    assert "Traceback" not in output and "papergraph neo4j start" in output
    assert "run the same command again" in output
    written = re.search(r"after writing (\d+) of (\d+) papers", output)
    assert written, output

    local_neo4j.start(neo4j_up)
    driver = async_driver(neo4j_up)
    try:
        stored = (await counts(driver, neo4j_up)).papers
        problems = await integrity(driver, neo4j_up)
    finally:
        await driver.close()
    # A batch committed as the server went down may not have been acknowledged.
    assert int(written[1]) <= stored <= int(written[1]) + 32 and stored < PAPERS
    assert problems["papers_without_edges"] == problems["duplicate_papers"] == 0
