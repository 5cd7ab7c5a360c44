"""The production extractor in local worker processes, as many as the machine has cores.

In one process, extraction and the loader's event loop (Neo4j driver, reading) take turns on
the GIL, so a load uses one core however the work is overlapped. :class:`ProcessExtractor`
runs the model stages of :class:`KeyBertExtractor` (tagging, scoring) in ``workers`` child
processes, each holding every model, and analyses each batch in the loader, in order: the
code path of :mod:`._staged`, which :class:`RayExtractor` shares, so the results are exactly
those of the one-process extractor however many workers run. The children load their models
as soon as the extractor starts, while the parent connects to Neo4j and reads the corpus.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TypeVar

from papergraph.errors import ExtractionError
from papergraph.settings import machine_cores

from ._analysis import Analysis
from ._keybert import KeyBertExtractor, Tagged
from ._models import prepare_models
from ._orphans import exit_without
from ._registry import AcronymRegistry
from ._staged import Pairs, StagedExtractor
from ._types import Document, Extraction

__all__ = ["ProcessExtractor"]

#: The children allocate millions of short-lived objects (tokens, candidates) and keep large
#: long-lived ones (models, phrase cache); fewer young-generation passes save ~10% of the time.
_GC_THRESHOLDS = (50_000, 20, 20)

T = TypeVar("T")

_worker: KeyBertExtractor | None = None  # each child's extractor
_load_error: BaseException | None = None  # why a child's models did not load, for its jobs


class ProcessExtractor(StagedExtractor):
    """A :class:`~loaders.extraction.PipelinedExtractor` whose model stages run in ``workers``
    child processes (see :mod:`._staged`).

    Use it as a context manager (or call :meth:`start` and :meth:`close`). ``acronyms`` is
    the registry the parent's analysis reads and teaches; the children score with a copy.
    """

    def __init__(
        self,
        *,
        workers: int = 1,
        top_n: int = 10,
        model_dir: Path | None = None,
        acronyms: AcronymRegistry | None = None,
        fast: bool = False,
        device: str = "auto",
    ) -> None:
        super().__init__(
            top_n=top_n, model_dir=model_dir, acronyms=acronyms, fast=fast, device=device
        )
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    @property
    def parallel(self) -> int:
        """The worker processes."""
        return self.workers

    def _open(self) -> None:
        # a first run's model builds, once here rather than once in every child
        prepare_models(self.model_dir, fast=self.fast)
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            # Not "fork": forking a process that runs an event loop and driver threads is
            # unsafe. Not "spawn": its child finalises the interpreter on exit, where torch's
            # triton prints bogus "nanobind: leaked ..." lines; forked children exit at once.
            mp_context=multiprocessing.get_context("forkserver"),
            initializer=_start_worker,
            initargs=(
                self.top_n,
                self.model_dir,
                self.fast,
                self.device,
                _threads_each(self.workers),
                os.getpid(),
            ),
        )
        for _ in range(self.workers):  # one job each while none is idle: every child starts
            self._pool.submit(_ready)

    def _shut(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _tag(self, docs: list[Document]) -> Future[list[Tagged]]:
        return self._submit(_tag, docs)

    def _score(
        self, docs: list[Document], tagged: list[Tagged], analyses: list[Analysis], known: Pairs
    ) -> Future[list[Extraction]]:
        return self._submit(_score, docs, tagged, analyses, known)

    def _embed(self, texts: list[str]) -> list[tuple[float, ...]]:
        return self._submit(_embed, texts).result()

    def _failure(self, error: BaseException) -> BaseException:
        if isinstance(error, BrokenProcessPool | _Closed):
            return _stopped()
        return error

    def _submit(self, job: Callable[..., T], *args: object) -> Future[T]:
        if self._pool is None:
            raise _Closed
        try:
            return self._pool.submit(job, *args)
        except RuntimeError as e:  # shut down meanwhile: no new work after shutdown
            raise _Closed from e


def _threads_each(workers: int) -> int:
    """Each worker's share of the cores for its MiniLM passes (one worker: all of them), so
    that workers side by side do not each start a thread per core and contend for them."""
    return max(machine_cores() // workers, 1) if workers > 1 else 0


class _Closed(Exception):
    """The extractor was closed while a batch was on its way."""


def _stopped() -> ExtractionError:
    return ExtractionError(
        "The extraction process stopped unexpectedly (out of memory, or killed). "
        "Run the load again; it resumes where it stopped."
    )


# --- in the children --------------------------------------------------------------------------


def _start_worker(
    top_n: int, model_dir: Path | None, fast: bool, device: str, threads: int, parent: int
) -> None:
    global _worker, _load_error
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    threading.Thread(target=exit_without, args=(parent,), daemon=True).start()
    gc.set_threshold(*_GC_THRESHOLDS)
    _worker = KeyBertExtractor(
        top_n=top_n, model_dir=model_dir, fast=fast, device=device, threads=threads
    )
    try:
        _worker.load()
    except Exception as e:  # raised again by the child's first job, where the caller sees it
        _load_error = e
    gc.freeze()  # the models stay for the child's life: keep the collector off them


def _ready() -> None:
    """Nothing: each child's first job, which makes the pool start it."""


def _tag(docs: list[Document]) -> list[Tagged]:
    return _child().tag(docs)


def _score(
    docs: list[Document], tagged: list[Tagged], analyses: list[Analysis], known: Pairs
) -> list[Extraction]:
    worker = _child()
    worker.acronyms = AcronymRegistry(known)
    return worker.score(docs, tagged, analyses)


def _embed(texts: list[str]) -> list[tuple[float, ...]]:
    return _child().embed(texts)


def _child() -> KeyBertExtractor:
    if _load_error is not None:
        raise _load_error
    if _worker is None:  # pragma: no cover - the initializer always runs first
        raise RuntimeError("the extraction worker was not initialised")
    return _worker
