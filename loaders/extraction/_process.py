"""The production extractor in a child process, so extraction and the loader's writes use two cores.

In one process, extraction and the loader's event loop (Neo4j driver, reading) take turns on
the GIL, so a load uses one core however the work is overlapped. :class:`ProcessExtractor`
runs :class:`KeyBertExtractor` in one child process instead: the parent sends documents and
the acronyms it knows, the child returns extractions and what it learnt. The child starts
loading its models as soon as the extractor is started, while the parent connects to Neo4j
and reads the corpus.
"""

from __future__ import annotations

import gc
import multiprocessing
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from graph.errors import ExtractionError

from ._keybert import KeyBertExtractor
from ._models import STATIC_DIMENSIONS
from ._registry import AcronymRegistry
from ._types import Document, Extraction

__all__ = ["ProcessExtractor"]

T = TypeVar("T")
Pairs = list[tuple[str, str]]

#: The child allocates millions of short-lived objects (tokens, candidates) and keeps large
#: long-lived ones (models, phrase cache); fewer young-generation passes save ~10% of its time.
_GC_THRESHOLDS = (50_000, 20, 20)

_worker: KeyBertExtractor | None = None  # the child's extractor


class ProcessExtractor:
    """A :class:`~loaders.extraction.KeyphraseExtractor` whose work runs in a child process.

    Use it as a context manager (or call :meth:`start` and :meth:`close`). ``acronyms`` is
    shared with the child: what the parent's registry knows before each call is sent along,
    and what the child learns comes back into it.
    """

    version = KeyBertExtractor.version
    dimensions = STATIC_DIMENSIONS

    def __init__(
        self,
        *,
        top_n: int = 10,
        model_dir: Path | None = None,
        acronyms: AcronymRegistry | None = None,
    ) -> None:
        self.top_n = top_n
        self.acronyms = acronyms if acronyms is not None else AcronymRegistry()
        self._model_dir = model_dir
        self._pool: ProcessPoolExecutor | None = None
        self._warming: Future[None] | None = None

    def start(self) -> None:
        """Start the child process and have it load the models (returns at once)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                # Not "fork": forking a process that runs an event loop and driver threads is
                # unsafe. Not "spawn": its child finalises the interpreter on exit, where torch's
                # triton prints bogus "nanobind: leaked ..." lines; forked children exit at once.
                mp_context=multiprocessing.get_context("forkserver"),
                initializer=_start_worker,
                initargs=(self.top_n, self._model_dir),
            )
            self._warming = self._pool.submit(_load_models)

    def close(self) -> None:
        """Stop the child process."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> ProcessExtractor:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        """Extract in the child; see :meth:`KeyBertExtractor.extract`."""
        extractions, learnt = self._call(_extract, list(docs), self.acronyms.items())
        for acronym, key in learnt:
            self.acronyms.learn(acronym, key)
        return extractions

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        """Embed query texts in the child; see :meth:`KeyBertExtractor.embed`."""
        return self._call(_embed, list(texts))

    def _call(self, function: Callable[..., T], *args: Any) -> T:
        self.start()
        assert self._pool is not None and self._warming is not None
        try:
            self._warming.result()
            return self._pool.submit(function, *args).result()
        except BrokenProcessPool as e:
            self.close()
            raise ExtractionError(
                "The extraction process stopped unexpectedly (out of memory, or killed). "
                "Run the load again; it resumes where it stopped."
            ) from e


# --- in the child ---------------------------------------------------------------------------


def _start_worker(top_n: int, model_dir: Path | None) -> None:
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    gc.set_threshold(*_GC_THRESHOLDS)
    _worker = KeyBertExtractor(top_n=top_n, model_dir=model_dir)


def _load_models() -> None:
    _child().load()
    gc.freeze()  # the models stay for the child's life: keep the collector off them


def _extract(docs: list[Document], known: Pairs) -> tuple[list[Extraction], Pairs]:
    worker = _child()
    for acronym, key in known:
        worker.acronyms.learn(acronym, key)
    return worker.extract(docs), worker.acronyms.items()


def _embed(texts: list[str]) -> list[tuple[float, ...]]:
    return _child().embed(texts)


def _child() -> KeyBertExtractor:
    if _worker is None:  # pragma: no cover - the initializer always runs first
        raise RuntimeError("the extraction worker was not initialised")
    return _worker
