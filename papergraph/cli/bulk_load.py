"""The bulk first-load use case: ``papergraph load --bulk`` into an empty local graph.

Extraction is the online load's (:func:`loaders.pipeline.extracted_rows`: the same candidates,
learning ahead and row assembly); the rows go to the offline importer instead of the write
transactions (:mod:`graph.bulk`), and the steps after the load are the online load's
(:func:`graph.writes.resolve_graph`, :func:`graph.writes.refresh_related`,
:func:`papergraph.usecases.ingest.settle_graph`), so the graph is the one ``papergraph load`` writes.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from collections.abc import AsyncIterable, Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from graph.bulk import BulkFiles, require_empty, settle_import
from graph.connection import database_errors
from graph.hierarchy import Encoder, refresh_hierarchy
from graph.models import Stats
from graph.writes import PaperRow
from loaders.extraction import KeyphraseExtractor
from loaders.pipeline import LoadReport, extracted_rows
from loaders.records import PaperRecord
from papergraph.cli import local_neo4j
from papergraph.errors import Neo4jServerError
from papergraph.settings import Settings
from papergraph.usecases.ingest import Ingested, count_and_group, settle_graph

if TYPE_CHECKING:
    from neo4j import AsyncDriver

__all__ = ["bulk_ingest_papers", "bulk_write", "require_local_server"]


async def bulk_ingest_papers(
    records: Iterable[PaperRecord],
    *,
    driver: AsyncDriver,
    settings: Settings,
    extractor: KeyphraseExtractor,
    on_progress: Callable[[int], None] | None = None,
    on_extracted: Callable[[], None] | None = None,
) -> Ingested:
    """Extract ``records`` and import them into the empty local graph; refuse (before any
    extraction) with :class:`papergraph.errors.InvalidInputError` when the graph holds anything.

    ``on_extracted`` is called once every paper is extracted, before the import (a caller
    that owns the extractor for this load stops it there, as for an online load).
    """
    started = time.perf_counter()
    report = LoadReport()
    database = settings.neo4j_database
    require_local_server(settings)
    with database_errors(settings):
        await require_empty(driver, database=database)
    rows = extracted_rows(
        records,
        driver=driver,
        database=database,
        extractor=extractor,
        batch_size=settings.batch_size,
        report=report,
    )
    counted = _counted(rows, report, on_progress)
    counts = await bulk_write(
        counted,
        driver=driver,
        settings=settings,
        dimensions=extractor.dimensions,
        encoder=extractor.embed,
        on_extracted=on_extracted,
    )
    report.seconds = time.perf_counter() - started
    return Ingested(report=report, counts=counts)


async def bulk_write(
    batches: AsyncIterable[Sequence[PaperRow]] | Iterable[Sequence[PaperRow]],
    *,
    driver: AsyncDriver,
    settings: Settings,
    dimensions: int,
    encoder: Encoder | None = None,
    on_extracted: Callable[[], None] | None = None,
    phases: dict[str, float] | None = None,
) -> Stats:
    """Write ``batches`` (every paper's rows, in input order) into the empty local graph
    through the offline importer, then settle it as an online load does; returns the counts.
    The files live in a scratch folder under ``PAPERGRAPH_HOME``, removed afterwards.
    ``phases`` receives the seconds of each step (files, import, settle, after_load)."""
    database = settings.neo4j_database
    folder = Path(tempfile.mkdtemp(prefix="bulk-import-", dir=settings.home))
    clock = _Clock(phases if phases is not None else {})
    try:
        files = BulkFiles(folder)
        await _write_files(files, batches)
        await asyncio.to_thread(files.finish)
        clock.lap("files")
        with database_errors(settings):
            await require_empty(driver, database=database)  # nothing came in meanwhile
        await asyncio.to_thread(import_files, settings, files)
        clock.lap("import")
        with database_errors(settings):
            await settle_import(driver, database=database, files=files, dimensions=dimensions)
            clock.lap("settle")
            await settle_graph(driver, database=database)
            await refresh_hierarchy(driver, database=database, encoder=encoder)
        if on_extracted is not None:  # as an online load: the models go before the topics
            on_extracted()
        with database_errors(settings):
            counts = await count_and_group(
                driver, database=database, written=len(files.tables.papers)
            )
        clock.lap("after_load")
        return counts
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def import_files(settings: Settings, files: BulkFiles) -> None:
    """Stop the local server, import ``files`` over its database, start it again (also when
    the import fails, so the server is left as it was found)."""
    local_neo4j.stop(settings)
    try:
        local_neo4j.import_database(settings, files.import_arguments())
    finally:
        local_neo4j.start(settings)


class _Clock:
    """Seconds since the last lap, kept under each lap's name."""

    def __init__(self, laps: dict[str, float]) -> None:
        self.laps = laps
        self.last = time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.laps[name] = round(now - self.last, 2)
        self.last = now


def require_local_server(settings: Settings) -> None:
    """Raise :class:`papergraph.errors.Neo4jServerError` unless ``NEO4J_URI`` is the local server
    papergraph runs: the import stops it, writes its store and starts it again."""
    if not local_neo4j.status(settings).running:
        raise Neo4jServerError(
            f"A bulk load imports into the local Neo4j papergraph runs, and none runs for "
            f"{settings.neo4j_uri}. Start it with `papergraph neo4j start`, or load into "
            "another server with `papergraph load` without --bulk."
        )


async def _write_files(
    files: BulkFiles, batches: AsyncIterable[Sequence[PaperRow]] | Iterable[Sequence[PaperRow]]
) -> None:
    if isinstance(batches, AsyncIterable):
        async for rows in batches:
            files.add(rows)
    else:
        for rows in batches:
            files.add(rows)


async def _counted(
    rows: AsyncIterable[list[PaperRow]],
    report: LoadReport,
    on_progress: Callable[[int], None] | None,
) -> AsyncIterable[list[PaperRow]]:
    """``rows``, counting each batch in ``report`` (and ``on_progress``) as it goes by."""
    async for batch in rows:
        report.written += len(batch)
        report.mentions += sum(len(p.mentions) for p in batch)
        report.method_links += sum(len(p.methods) for p in batch)
        report.ids.update({p.match_key: p.id for p in batch})
        if on_progress is not None:
            on_progress(len(batch))
        yield batch
