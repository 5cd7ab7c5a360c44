"""The batches of a load: read corpora, skip unchanged papers, extract and write in batches.

Extraction is CPU-bound and runs off the event loop (in the extractor's worker processes, or in
a worker thread), as many batches ahead of the one being written to Neo4j as the extractor
works on at once (at least two).
What a load does once the last batch is written (resolving what depends on other papers, the
hierarchy, the topics) is the ingest use case's (:mod:`papergraph.usecases.ingest`).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, deque
from collections.abc import (
    AsyncGenerator,
    AsyncIterator,
    Callable,
    Coroutine,
    Iterable,
    Iterator,
    Sequence,
)
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import aclosing, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from neo4j import AsyncDriver

from graph.writes import (
    IdentityClash,
    IdentityRow,
    PaperRow,
    StoredPaper,
    WriteResult,
    identity_clashes,
    known_acronyms,
    stored_fingerprints,
    stored_papers,
    upsert_papers,
)
from loaders.assemble import (
    Candidate,
    build_row,
    candidates,
    chunks,
    rekeyed,
    same_title,
    unique_ids,
)
from loaders.extraction import (
    AcronymRegistry,
    Document,
    Extraction,
    KeyphraseExtractor,
    LearnsAcronyms,
    LearnsAhead,
    PipelinedExtractor,
    candidate_acronyms,
)
from loaders.readers import read_corpus
from loaders.records import CorpusWarning, PaperRecord
from papergraph.errors import CorpusError, UnconfirmedWriteError

__all__ = [
    "CorpusRead",
    "LoadReport",
    "extract_and_write",
    "extracted_rows",
    "read_corpora",
    "seed_acronyms",
]

#: Batches extracted ahead of the one being written, at least: one tagged while the other is
#: scored; a pipelined extractor with more workers gets one batch per worker.
_AHEAD = 2


@dataclass(frozen=True)
class CorpusRead:
    """Every record read from the given files, with the problems found on the way."""

    records: list[PaperRecord]
    errors: list[CorpusError]  # malformed records
    warnings: list[CorpusWarning]  # empty or placeholder abstracts, skipped on purpose

    def skipped_by_reason(self) -> dict[str, int]:
        """How many records were skipped on purpose, by kind, most frequent first."""
        counts = Counter(warning.kind for warning in self.warnings)
        return dict(counts.most_common())


@dataclass
class LoadReport:
    """What a load did, for the closing summary."""

    read: int = 0
    written: int = 0
    unchanged: int = 0
    mentions: int = 0
    method_links: int = 0
    seconds: float = 0.0
    ids: dict[str, str] = field(default_factory=dict)
    #: Papers of a batch whose commit Neo4j may or may not have stored as it went away (the
    #: load then stopped): ``written`` counts only those it acknowledged.
    unconfirmed: int = 0
    #: Records not loaded on purpose (an id given twice: the later record wins).
    warnings: list[CorpusWarning] = field(default_factory=list)

    @property
    def papers_per_second(self) -> float:
        return self.read / self.seconds if self.seconds else 0.0


def read_corpora(
    paths: Sequence[Path], *, fmt: str = "auto", limit: int | None = None
) -> CorpusRead:
    """Read every file; file-level problems raise, record-level ones are collected."""
    read = CorpusRead(records=[], errors=[], warnings=[])
    for path in paths:
        for item in read_corpus(path, fmt=fmt):
            if isinstance(item, PaperRecord):
                read.records.append(item)
            elif isinstance(item, CorpusWarning):
                read.warnings.append(item)
            else:
                read.errors.append(item)
            if limit is not None and len(read.records) >= limit:
                return read
    return read


async def seed_acronyms(
    driver: AsyncDriver, *, database: str, registry: AcronymRegistry, docs: Iterable[Document]
) -> None:
    """Teach the registry the definitions papers already in the graph give the acronyms the
    extraction of ``docs`` can look up (each the one of the paper with the smallest id)."""
    for acronym, key in await _stored_definitions(driver, database, docs):
        registry.learn(acronym, key)


async def _stored_definitions(
    driver: AsyncDriver, database: str, docs: Iterable[Document]
) -> list[tuple[str, str]]:
    """The stored definitions of the acronyms written in ``docs``: one index lookup per
    acronym, so what a load reads follows its input, not the size of the graph."""
    wanted = await asyncio.to_thread(candidate_acronyms, list(docs))
    return await known_acronyms(driver, database=database, acronyms=wanted)


async def extract_and_write(
    records: Iterable[PaperRecord],
    *,
    driver: AsyncDriver,
    database: str,
    extractor: KeyphraseExtractor,
    batch_size: int = 256,
    on_progress: Callable[[int], None] | None = None,
    report: LoadReport | None = None,
) -> LoadReport:
    """Write ``records`` to the graph; papers whose content is unchanged are skipped.

    When anything is to be extracted, an extractor that :class:`LearnsAhead` first learns the
    whole input, so the result does not depend on ``batch_size`` (one that only
    :class:`LearnsAcronyms` is taught the stored definitions the input can use). What depends
    on other papers (untyped uses, keys that name both a concept and a method) is settled after
    the last batch by :func:`papergraph.usecases.ingest.settle_graph`.

    Each batch is written in one transaction, so when the database fails mid-load the error
    propagates with every written paper whole. Pass ``report`` to keep the counts so far in
    that case (a re-run skips the papers already written).
    """
    started = time.perf_counter()
    report = LoadReport() if report is None else report
    todo, duplicates = unique_ids(candidates(records))
    report.warnings.extend(duplicates)
    report.read = len(todo)
    batches = [await _told_apart(driver, database, b) for b in chunks(todo, batch_size)]
    batches = [await _one_identity(driver, database, b, report) for b in batches]
    if any([await _changed(driver, database, b, extractor.version) for b in batches]):
        await _learn_ahead(driver, database, extractor, batches)

    async def fresh() -> AsyncIterator[list[Candidate]]:
        for batch in batches:
            # checked again just before extracting: a concurrent loader may have written
            # some of these papers meanwhile, and they need not be written twice
            changed = await _changed(driver, database, batch, extractor.version)
            report.unchanged += len(batch) - len(changed)
            if on_progress is not None:
                on_progress(len(batch) - len(changed))
            yield changed

    with _extraction(extractor) as extract:
        async with aclosing(_in_order(fresh(), extract, ahead=_ahead(extractor))) as extracted:
            async for rows in extracted:
                try:
                    written = await _write(driver, database, rows)
                except UnconfirmedWriteError as lost:
                    report.unconfirmed += lost.papers
                    raise
                _count(report, written, on_progress)
    report.seconds = time.perf_counter() - started
    return report


async def extracted_rows(
    records: Iterable[PaperRecord],
    *,
    driver: AsyncDriver,
    database: str,
    extractor: KeyphraseExtractor,
    batch_size: int = 256,
    report: LoadReport | None = None,
) -> AsyncIterator[list[PaperRow]]:
    """The rows :func:`extract_and_write` would write for ``records`` into an empty graph, a batch at
    a time in input order, extracted the same way (the whole input learnt ahead, batches
    extracted while earlier ones are handed on), for a bulk import (see graph.bulk)."""
    report = LoadReport() if report is None else report
    todo, duplicates = unique_ids(candidates(records))
    report.warnings.extend(duplicates)
    report.read = len(todo)
    batches = chunks(todo, batch_size)
    await _learn_ahead(driver, database, extractor, batches)

    async def every() -> AsyncIterator[list[Candidate]]:
        for batch in batches:
            yield list(batch)

    with _extraction(extractor) as extract:
        async with aclosing(_in_order(every(), extract, ahead=_ahead(extractor))) as extracted:
            async for rows in extracted:
                yield rows


async def _in_order(
    batches: AsyncIterator[list[Candidate]],
    extract: Callable[[Sequence[Candidate]], Coroutine[Any, Any, list[PaperRow]]],
    *,
    ahead: int,
) -> AsyncGenerator[list[PaperRow], None]:
    """Each batch's rows in input order, with up to ``ahead`` batches extracting while the one
    before is handed on (written, or yielded for a bulk import)."""
    in_flight: deque[Coroutine[Any, Any, list[PaperRow]]] = deque()
    try:
        async for batch in batches:
            in_flight.append(extract(batch))
            if len(in_flight) > ahead:
                yield await in_flight.popleft()
        while in_flight:
            yield await in_flight.popleft()
    finally:
        for unhanded in in_flight:  # stopped by an error or Ctrl-C: never awaited
            unhanded.close()


def _ahead(extractor: KeyphraseExtractor) -> int:
    """Batches extracted ahead of the one handed on: one per worker of a pipelined extractor."""
    if isinstance(extractor, PipelinedExtractor):
        return max(_AHEAD, extractor.parallel)
    return _AHEAD


async def _learn_ahead(
    driver: AsyncDriver,
    database: str,
    extractor: KeyphraseExtractor,
    batches: Sequence[Sequence[Candidate]],
) -> None:
    """Teach ``extractor`` the whole input (unchanged papers too) and the acronyms stored papers
    define before it extracts any batch, so every paper reads the same whatever the batching
    and however far an earlier run of this load got."""
    docs = [[c.document() for c in batch] for batch in batches]
    every = [d for batch in docs for d in batch]
    if isinstance(extractor, LearnsAhead):
        known = await _stored_definitions(driver, database, every)
        await asyncio.to_thread(extractor.learn_ahead, docs, known=known)
    elif isinstance(extractor, LearnsAcronyms):
        await seed_acronyms(driver, database=database, registry=extractor.acronyms, docs=every)


@contextmanager
def _extraction(
    extractor: KeyphraseExtractor,
) -> Iterator[Callable[[Sequence[Candidate]], Coroutine[Any, Any, list[PaperRow]]]]:
    """Yield ``extract(batch)``: it starts extracting at once and returns an awaitable of the
    batch's rows. Batches are extracted in the order they are started: by the extractor itself
    when it is pipelined, else one at a time in a worker thread (the models are not thread-safe).
    Each batch's rows are built in a thread of their own as soon as it is extracted, so the
    building overlaps the write of the batch before instead of delaying the next one.
    """
    own: ThreadPoolExecutor | None = None
    submit: Callable[[list[Document]], Future[list[Extraction]]]
    if isinstance(extractor, PipelinedExtractor):
        submit = extractor.submit
    else:
        worker = own = ThreadPoolExecutor(max_workers=1, thread_name_prefix="extract")

        def submit(docs: list[Document]) -> Future[list[Extraction]]:
            return worker.submit(extractor.extract, docs)

    assembler = ThreadPoolExecutor(max_workers=1, thread_name_prefix="assemble")
    running: set[Future[list[Extraction]]] = set()  # unfinished jobs, cancelled on the way out

    def extract(batch: Sequence[Candidate]) -> Coroutine[Any, Any, list[PaperRow]]:
        if not batch:
            return _built(None)
        job = submit([c.document() for c in batch])
        running.add(job)
        job.add_done_callback(running.discard)
        return _built(assembler.submit(_build_rows, extractor.version, batch, job))

    try:
        yield extract
    finally:
        for job in list(running):  # stopped by an error or Ctrl-C: the assembler waits on none
            job.cancel()
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)
        assembler.shutdown(wait=True, cancel_futures=True)


def _build_rows(
    version: str, batch: Sequence[Candidate], job: Future[list[Extraction]]
) -> list[PaperRow]:
    return [
        build_row(c, e, extractor_version=version) for c, e in zip(batch, job.result(), strict=True)
    ]


async def _built(rows: Future[list[PaperRow]] | None) -> list[PaperRow]:
    return [] if rows is None else await asyncio.wrap_future(rows)


async def _told_apart(
    driver: AsyncDriver, database: str, batch: Sequence[Candidate]
) -> list[Candidate]:
    """Re-key the candidates whose abstract a stored paper with another title already has."""
    stored = await stored_papers(driver, database=database, match_keys=[c.match_key for c in batch])
    return [c if _same_as(c, stored.get(c.match_key)) else rekeyed(c) for c in batch]


async def _one_identity(
    driver: AsyncDriver, database: str, batch: Sequence[Candidate], report: LoadReport
) -> list[Candidate]:
    """Write each candidate whose identifiers name one stored paper and whose abstract another
    holds into the first, under its key, so the second keeps its own (see graph.writes)."""
    rows = [_identity_row(c) for c in batch]
    clashes = await identity_clashes(driver, database=database, rows=rows)
    kept = []
    for candidate in batch:
        clash = clashes.get(candidate.match_key)
        if clash is not None:
            report.warnings.append(_clash_warning(candidate, clash))
            candidate = replace(candidate, match_key=clash.stored_key)
        kept.append(candidate)
    return kept


def _identity_row(candidate: Candidate) -> IdentityRow:
    r = candidate.record
    return IdentityRow(candidate.match_key, candidate.id, r.doi, r.arxiv_id, r.openalex_id, r.s2_id)


def _clash_warning(candidate: Candidate, clash: IdentityClash) -> CorpusWarning:
    r = candidate.record
    reason = (
        f"its identifiers name stored paper '{clash.id}' and its abstract is stored paper "
        f"'{clash.holder}'s: written into '{clash.id}', '{clash.holder}' kept apart (delete "
        "one of them if they are the same paper)"
    )
    return CorpusWarning("two stored papers", reason, path=r.source, line=r.line)


def _same_as(candidate: Candidate, stored: StoredPaper | None) -> bool:
    if stored is None or {stored.id, *stored.alt_ids} & set(candidate.alt_ids):
        return True
    return same_title(stored.title, candidate.record.title)


async def _changed(
    driver: AsyncDriver, database: str, batch: Sequence[Candidate], version: str
) -> list[Candidate]:
    stored = await stored_fingerprints(
        driver, database=database, papers=[(c.id, c.match_key) for c in batch]
    )
    return [c for c in batch if stored.get(c.match_key) != c.fingerprint(version)]


async def _write(driver: AsyncDriver, database: str, rows: Sequence[PaperRow]) -> WriteResult:
    return await upsert_papers(driver, database=database, papers=rows)


def _count(
    report: LoadReport, result: WriteResult, on_progress: Callable[[int], None] | None
) -> None:
    report.written += result.papers
    report.mentions += result.mentions
    report.method_links += result.methods
    report.ids.update(result.ids)
    if on_progress is not None:
        on_progress(result.papers)
