"""The ingest use case: every entry point that extracts or writes papers goes through here.

``papergraph load``/``up`` and the API's ``ingestPapers`` call :func:`ingest_papers` (schema, the
acronyms earlier loads learnt, extraction, write, then every step after the last batch:
:func:`settle_graph`, the hierarchy, counts, topics); ``papergraph extract`` calls
:func:`extract`. The extractors come from :func:`build_extractor` and
:func:`build_pipelined_extractor`, so every caller prepares and reads its models in the one
folder under ``PAPERGRAPH_HOME``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from graph.connection import database_errors
from graph.embeddings import papers_to_embed, store_embeddings
from graph.hierarchy import refresh_hierarchy
from graph.models import Stats
from graph.schema import ensure_schema
from graph.topics import refresh_topics, topics_due
from graph.writes import graph_counts, refresh_related, resolve_graph
from loaders.assemble import Candidate, candidates
from loaders.extraction import (
    Extraction,
    KeyphraseExtractor,
    keybert_extractor,
    models_to_prepare,
    process_extractor,
    ray_extractor,
)
from loaders.pipeline import LoadReport, extract_and_write
from loaders.records import PaperRecord
from papergraph.errors import GraphUnavailableError
from papergraph.settings import Settings

if TYPE_CHECKING:
    from neo4j import AsyncDriver

    from loaders.extraction import Decision, ProcessExtractor, RayExtractor

__all__ = [
    "Ingested",
    "build_extractor",
    "build_pipelined_extractor",
    "build_ray_extractor",
    "embed_stale_papers",
    "explain",
    "extract",
    "ingest_papers",
    "model_dir",
    "preparation_notice",
    "settle_graph",
]


@dataclass(frozen=True)
class Ingested:
    """What an ingest did (``report``) and the graph's size after it (``counts``)."""

    report: LoadReport
    counts: Stats


def model_dir(settings: Settings) -> Path:
    """Where the models are prepared and the phrase-embedding cache lives."""
    return settings.home / "models"


def preparation_notice(settings: Settings) -> str | None:
    """What a caller should announce before the first extraction under ``settings``: the models
    it will build once, or None when they are ready (the extraction processes that build them
    print nothing, and the wait is the longest of a first run)."""
    todo = models_to_prepare(model_dir(settings), fast=settings.fast_extraction)
    if not todo:
        return None
    return (
        f"Preparing {' and '.join(todo)} in {model_dir(settings)}: once, before the first "
        "paper; later runs start in seconds."
    )


def build_extractor(settings: Settings) -> KeyphraseExtractor:
    """The one-process production extractor of ``settings`` (models load on first use)."""
    return keybert_extractor(
        model_dir=model_dir(settings), fast=settings.fast_extraction, device=settings.device
    )


def build_pipelined_extractor(settings: Settings) -> ProcessExtractor:
    """The production extractor in ``PAPERGRAPH_EXTRACT_WORKERS`` child processes (use it as
    a context manager), for loads big enough that writing to Neo4j should overlap extraction."""
    return process_extractor(
        workers=settings.extract_workers,
        model_dir=model_dir(settings),
        fast=settings.fast_extraction,
        device=settings.device,
    )


def build_ray_extractor(
    settings: Settings, *, address: str | None = None, workers: int | None = None
) -> RayExtractor:
    """The production extractor on a Ray cluster (``address``; ``None``: a local Ray), for
    loads one machine's cores are too few for; same results as the other two. Each worker
    reads (or prepares, the first time) its models at this ``PAPERGRAPH_HOME``'s path on its
    own node."""
    return ray_extractor(
        address=address,
        workers=workers,
        model_dir=model_dir(settings),
        fast=settings.fast_extraction,
        device=settings.device,
    )


async def ingest_papers(
    records: Iterable[PaperRecord],
    *,
    driver: AsyncDriver,
    settings: Settings,
    extractor: KeyphraseExtractor,
    on_progress: Callable[[int], None] | None = None,
    on_extracted: Callable[[], None] | None = None,
) -> Ingested:
    """Ensure the schema, teach ``extractor`` the acronyms stored papers define, extract and
    write ``records`` (unchanged papers are skipped), place the new concepts in the BROADER
    hierarchy, count the graph, and recompute the topics when there are none yet or the graph
    has grown by ``graph.topics.REFRESH_GROWTH`` since they were computed.

    ``on_extracted`` is called once every paper is written and its concepts placed (with the
    extractor's MiniLM), before the counts and topics: a caller that owns the extractor for
    this load alone stops it there: recomputing the topics holds every pair of co-mentioned concepts in memory, and the extraction processes would
    hold their models and phrase caches beside it (about 2 GB at 100k papers, where the
    recomputation itself held 3 GB; the load's peak is in ``bench/results/scale.md``).

    Raises :class:`papergraph.errors.GraphUnavailableError` when Neo4j fails, saying how far the
    load got (each batch is one transaction, so a re-run resumes).
    """
    database = settings.neo4j_database
    report = LoadReport()
    with database_errors(settings):
        await ensure_schema(driver, database=database, dimensions=extractor.dimensions)
        await embed_stale_papers(driver, database=database, extractor=extractor)
    started = time.perf_counter()
    with _interrupted(report), database_errors(settings):
        await extract_and_write(
            records,
            driver=driver,
            database=database,
            extractor=extractor,
            batch_size=settings.batch_size,
            on_progress=on_progress,
            report=report,
        )
        await settle_graph(driver, database=database)
    report.seconds = time.perf_counter() - started
    with database_errors(settings):  # the extractor's MiniLM compares the concepts' names
        await refresh_hierarchy(driver, database=database, encoder=extractor.embed)
    if on_extracted is not None:
        on_extracted()
    with database_errors(settings):
        counts = await count_and_group(driver, database=database, written=report.written)
        return Ingested(report=report, counts=counts)


async def settle_graph(driver: AsyncDriver, *, database: str) -> None:
    """Decide what depends on other papers once the last batch is written: resolve untyped
    uses and keys that name both a concept and a method (:func:`graph.writes.resolve_graph`),
    then recount RELATED_TO for the methods flagged stale."""
    await resolve_graph(driver, database=database)
    await refresh_related(driver, database=database)


async def count_and_group(driver: AsyncDriver, *, database: str, written: int) -> Stats:
    """The last graph-wide steps after a load has written ``written`` papers (online or bulk):
    count the graph, and recompute the topics when they are due; returns the counts."""
    counts = await graph_counts(driver, database=database)
    if written and await topics_due(driver, database=database, papers=counts.papers):
        await refresh_topics(driver, database=database)
    return counts


#: Papers embedded anew per round trip when a graph's vectors come from another model.
EMBED_BATCH = 64


async def embed_stale_papers(
    driver: AsyncDriver, *, database: str, extractor: KeyphraseExtractor
) -> int:
    """Embed every stored paper whose vector is missing or of another model's size (a graph
    written by an earlier version) with ``extractor``'s model; returns how many were stored.
    On an up-to-date graph this is one read of the papers' vector sizes."""
    done = 0
    placeless: list[str] = []  # embedded to a zero vector: no direction to store
    while todo := await papers_to_embed(
        driver,
        database=database,
        dimensions=extractor.dimensions,
        first=EMBED_BATCH,
        exclude=placeless,
    ):
        vectors = extractor.embed([p.abstract for p in todo])
        placed = [(p.id, v) for p, v in zip(todo, vectors) if any(v)]
        placeless += [p.id for p, v in zip(todo, vectors) if not any(v)]
        await store_embeddings(driver, database=database, vectors=placed)
        done += len(placed)
    return done


def extract(
    records: Iterable[PaperRecord], *, extractor: KeyphraseExtractor
) -> list[tuple[Candidate, Extraction]]:
    """Extract ``records`` as :func:`ingest_papers` would (same merging of duplicates), without
    Neo4j: so only the acronyms defined among ``records`` resolve."""
    todo = candidates(records)
    found: Sequence[Extraction] = extractor.extract([c.document() for c in todo])
    return list(zip(todo, found, strict=True))


def explain(
    records: Iterable[PaperRecord], *, settings: Settings
) -> list[tuple[Candidate, Extraction, tuple[Decision, ...]]]:
    """Extract ``records`` as :func:`extract` does with the one-process extractor of
    ``settings``, and say why: each paper's decision records (see ``loaders.extraction``)."""
    from loaders.extraction import KeyBertExtractor

    extractor = KeyBertExtractor(model_dir=model_dir(settings), fast=settings.fast_extraction)
    todo = candidates(records)
    found = extractor.explain([c.document() for c in todo])
    return [(c, f, trace) for c, (f, trace) in zip(todo, found, strict=True)]


@contextmanager
def _interrupted(report: LoadReport) -> Iterator[None]:
    """Say how far a load got when the database fails mid-load, and that a re-run resumes."""
    try:
        yield
    except GraphUnavailableError as exc:
        unconfirmed = (
            f", and {report.unconfirmed} more may be stored (Neo4j went away as they were "
            "committed)"
            if report.unconfirmed
            else ""
        )
        raise GraphUnavailableError(
            f"{exc} The load stopped after writing {report.written} of {report.read} papers"
            f"{unconfirmed} ({report.unchanged} were already up to date); each batch is one "
            "transaction, so no "
            "paper is half-written. When Neo4j is back, run the same command again (or send the same papers): it skips "
            "the papers already written and loads the rest."
        ) from exc
