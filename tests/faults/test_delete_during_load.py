"""Papers deleted while a load's batch is being written never cost that batch an edge.

Deleting a paper removes the concepts and methods only it linked to. A loader may be linking a
paper of its own to one of them at that moment, in a transaction not yet committed; the clean-up
must then keep the node and the loader's edge. Each round ingests near copies of the next batch
(same concepts and methods), opens the batch's write transaction, deletes the copies while it is
open, then commits it: a bounded number of rounds, then every paper's edges are compared with a
clean load.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest
from _faults import CLEAN, counts, edges, integrity
from neo4j import AsyncDriver

from graph.connection import async_driver
from graph.writes import _write_batch, clear_graph, delete_paper, refresh_related
from loaders.assemble import build_row, candidates
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import LoadReport, extract_and_write, read_corpora
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

PAPERS = 64
BATCH = 16
EXTRACTOR = SimpleExtractor(dimensions=384)


async def load(driver: AsyncDriver, records: list[PaperRecord], settings: Settings) -> LoadReport:
    report = await extract_and_write(
        records,
        driver=driver,
        database=settings.neo4j_database,
        extractor=EXTRACTOR,
        batch_size=BATCH,
    )
    await settle_graph(driver, database=settings.neo4j_database)
    return report


def near_copy(record: PaperRecord, number: int) -> PaperRecord:
    """Another paper with (almost) the same concepts as ``record``, and no methods: a method is
    flagged stale by both writers, so that lock alone would keep them apart."""
    abstract = f"in short: {record.abstract}".lower()
    return replace(record, id=f"churn-{number}", title=None, abstract=abstract)


async def delete_all(driver: AsyncDriver, settings: Settings, ids: list[str]) -> None:
    for paper_id in ids:
        await delete_paper(driver, database=settings.neo4j_database, paper_id=paper_id)


async def write_while_deleting(
    driver: AsyncDriver, batch: list[PaperRecord], settings: Settings, copies: list[str]
) -> None:
    """Write ``batch`` as the loader does, deleting ``copies`` before the write commits."""
    todo = candidates(batch)
    found = EXTRACTOR.extract([c.document() for c in todo])
    rows = [build_row(c, e, extractor_version=EXTRACTOR.version) for c, e in zip(todo, found)]
    async with driver.session(database=settings.neo4j_database) as session:
        tx = await session.begin_transaction()
        await _write_batch(tx, rows)  # type: ignore[arg-type]  # the loader's batch, held open
        deleting = asyncio.create_task(delete_all(driver, settings, copies))
        await asyncio.sleep(0.3)  # the deletes reach the batch's uncommitted edges
        await tx.commit()
        await deleting


async def test_deletes_during_a_load_lose_no_edge(
    fault_driver: AsyncDriver, neo4j_up: Settings, iclr: Path
) -> None:
    records = read_corpora([iclr], limit=PAPERS).records
    await load(fault_driver, records, neo4j_up)
    expected, expected_edges = (
        await counts(fault_driver, neo4j_up),
        await edges(fault_driver, neo4j_up),
    )
    await clear_graph(fault_driver, database=neo4j_up.neo4j_database)

    # Writers on the same nodes may deadlock; the driver retries them (the fixture's 3 s budget
    # is for the tests that stop Neo4j).
    settings = neo4j_up.model_copy(update={"write_retry_seconds": 60.0})
    async with async_driver(settings) as driver:
        for start in range(0, PAPERS, BATCH):
            batch = records[start : start + BATCH]
            copies = [near_copy(r, start + i) for i, r in enumerate(batch)]
            await load(driver, copies, settings)
            await write_while_deleting(driver, batch, settings, [c.id or "" for c in copies])
        await refresh_related(driver, database=settings.neo4j_database)

    assert await edges(fault_driver, neo4j_up) == expected_edges
    assert await integrity(fault_driver, neo4j_up) == CLEAN
    assert await counts(fault_driver, neo4j_up) == expected
