"""Two loaders writing overlapping corpora at once end with the graph of one sequential load.

Uniqueness constraints plus MERGE keep Concept and Method nodes single; deadlocks between the two
writers are transient errors the driver retries. The small deterministic extractor is used: the
write path is the point, and it makes each paper's extraction independent of load order.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from _evidence import evidence_problems
from _faults import CLEAN, counts, edges, integrity
from neo4j import AsyncDriver

from graph.connection import async_driver
from graph.writes import clear_graph
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import LoadReport, extract_and_write, read_corpora
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j


async def load(records: list[PaperRecord], settings: Settings) -> LoadReport:
    async with async_driver(settings) as driver:
        report = await extract_and_write(
            records,
            driver=driver,
            database=settings.neo4j_database,
            extractor=SimpleExtractor(dimensions=384),
            batch_size=16,
        )
        await settle_graph(driver, database=settings.neo4j_database)
        return report


async def test_two_overlapping_loads_at_once_equal_one_sequential_load(
    fault_driver: AsyncDriver, neo4j_up: Settings, iclr: Path
) -> None:
    records = read_corpora([iclr], limit=600).records
    await load(records, neo4j_up)
    expected, expected_edges = (
        await counts(fault_driver, neo4j_up),
        await edges(fault_driver, neo4j_up),
    )
    await clear_graph(fault_driver, database=neo4j_up.neo4j_database)

    first, second = await asyncio.gather(
        load(records[:400], neo4j_up), load(records[200:], neo4j_up)
    )
    assert first.read + second.read > len(records)  # the middle third was offered twice
    assert await integrity(fault_driver, neo4j_up) == CLEAN
    # the same edges with the same evidence, and that evidence indexes the stored text
    assert await edges(fault_driver, neo4j_up) == expected_edges
    assert await evidence_problems(fault_driver, neo4j_up) == []
    # RELATED_TO too: the refresh write-locks a method before reading its papers.
    assert await counts(fault_driver, neo4j_up) == expected
    # and the papers per year kept on each node: each is write-locked before it is recounted
    records, _, _ = await fault_driver.execute_query(
        STALE_TREND_COUNTS, database_=neo4j_up.neo4j_database
    )
    assert records[0]["stale"] == 0


STALE_TREND_COUNTS = """
MATCH (n) WHERE n:Concept OR n:Method
WITH n, COLLECT {
  MATCH (n)<-[:MENTIONS|PROPOSES|USES]-(p:Paper) WHERE p.year IS NOT NULL
  WITH p.year AS year, count(DISTINCT p) AS papers ORDER BY year
  RETURN [year, papers]
} AS counted
WITH n, counted, coalesce(n.trendYears, []) AS years, coalesce(n.trendPapers, []) AS papers
WHERE [i IN range(0, size(years) - 1) | [years[i], papers[i]]] <> counted
RETURN count(n) AS stale
"""
