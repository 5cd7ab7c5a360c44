"""Stop Neo4j while `papergraph load` writes: retries, then a clear failure; nothing half-written.

The loader's driver retries transient errors with backoff for ``PAPERGRAPH_WRITE_RETRY_SECONDS``
(3 s here, 30 s by default). A few hundred papers with ``--batch-size 32`` are enough to stop the
server between committed batches (the real extractor, as users run it).

Killed (SIGKILL) mid-load, the server may die while a batch's commit is on the wire: the load
writes that batch again once the server is back within the retry time, and otherwise says how
many papers it wrote and how many more may be stored (the ingest use case with the quick
extractor, killed at once after many small batches).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest
from _faults import counts, integrity, start_cli, write_subset
from neo4j import AsyncDriver

from graph.connection import async_driver
from loaders.extraction.simple import SimpleExtractor
from loaders.readers import read_corpus
from loaders.records import PaperRecord
from papergraph.cli import local_neo4j
from papergraph.errors import GraphUnavailableError
from papergraph.settings import Settings
from papergraph.usecases.ingest import Ingested, ingest_papers

pytestmark = pytest.mark.neo4j
PAPERS = 240


@pytest.mark.model
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


def _records(iclr: Path, tmp_path: Path) -> list[PaperRecord]:
    corpus = write_subset(iclr, tmp_path / "iclr.jsonl", PAPERS)
    return [r for r in read_corpus(corpus) if isinstance(r, PaperRecord)]


async def _ingest_then_kill(
    records: list[PaperRecord], settings: Settings, watcher: AsyncDriver
) -> tuple[asyncio.Task[Ingested], float]:
    """Start ingesting ``records`` in batches of 8; SIGKILL the server once 64 papers are in."""
    driver = async_driver(settings)
    load = asyncio.create_task(
        ingest_papers(
            records,
            driver=driver,
            settings=settings.model_copy(update={"batch_size": 8}),
            extractor=SimpleExtractor(dimensions=384),
        )
    )
    load.add_done_callback(lambda _: asyncio.ensure_future(driver.close()))
    while (await counts(watcher, settings)).papers < 64:
        assert not load.done(), load
        await asyncio.sleep(0.02)
    pid = local_neo4j.status(settings).pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    return load, time.monotonic()


async def test_neo4j_killed_and_back_within_the_retry_time_the_load_completes(
    fault_driver: AsyncDriver, neo4j_up: Settings, iclr: Path, tmp_path: Path
) -> None:
    records = _records(iclr, tmp_path)
    patient = neo4j_up.model_copy(update={"write_retry_seconds": 300.0})  # a slow restart
    load, _ = await _ingest_then_kill(records, patient, fault_driver)
    await asyncio.sleep(1)
    await asyncio.to_thread(local_neo4j.start, neo4j_up)
    done = await load
    stored = (await counts(fault_driver, neo4j_up)).papers
    problems = await integrity(fault_driver, neo4j_up)
    assert done.report.written == stored == done.report.read == len(records)
    assert done.report.unconfirmed == 0
    assert problems["papers_without_edges"] == problems["duplicate_papers"] == 0


async def test_neo4j_killed_for_longer_the_load_fails_after_the_retry_time_and_counts_true(
    fault_driver: AsyncDriver, neo4j_up: Settings, iclr: Path, tmp_path: Path
) -> None:
    records = _records(iclr, tmp_path)
    load, killed = await _ingest_then_kill(records, neo4j_up, fault_driver)
    with pytest.raises(GraphUnavailableError) as failed:
        await load
    took = time.monotonic() - killed
    message = str(failed.value)
    await asyncio.to_thread(local_neo4j.start, neo4j_up)
    stored = (await counts(fault_driver, neo4j_up)).papers
    problems = await integrity(fault_driver, neo4j_up)

    # the driver's doubling waits reach the retry time, the last wait at most about as long
    assert neo4j_up.write_retry_seconds <= took < 3 * neo4j_up.write_retry_seconds + 10
    assert "papergraph neo4j start" in message and "run the same command again" in message
    written = re.search(r"after writing (\d+) of (\d+) papers(?:, and (\d+) more may be)?", message)
    assert written, message
    acknowledged, maybe = int(written[1]), int(written[3] or 0)
    # what it says it wrote is stored, and nothing else unless it said so
    assert stored == acknowledged or (maybe and stored == acknowledged + maybe), message
    assert 64 <= stored < len(records)
    assert problems["papers_without_edges"] == problems["duplicate_papers"] == 0
