"""The API's extraction in a child process of its own, so that the models' memory is not the
API's and a stuck extraction can be stopped.

:class:`ExtractionWorker` builds an extractor with a picklable factory in one long-lived child
process, started on first use, which loads the models before its first job. The API process
keeps only the documents it sends and the extractions it gets back. :meth:`ExtractionWorker.stop`
kills the child while a job runs in it (the models go with it; the caller of that job gets an
:class:`~papergraph.errors.ExtractionError`), and the next job starts a fresh child.

:class:`SplitExtractor` is what the API's resolvers see: extraction in the worker, query
embedding (MiniLM alone, quick) in the API process, so that a search never queues behind a
draft analysis; the acronyms the API teaches it are sent with each batch and what the child
learns comes back.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from loaders.extraction import LearnsAcronyms, exit_without
from papergraph.errors import ExtractionError

if TYPE_CHECKING:
    from loaders.extraction import AcronymRegistry, Document, Extraction, KeyphraseExtractor

__all__ = ["ExtractionWorker", "SplitExtractor"]

Pairs = list[tuple[str, str]]

_PID_SECONDS = 10.0

_extractor: KeyphraseExtractor | None = None  # the child's


class ExtractionWorker:
    """One child process holding the extractor ``factory`` builds (see the module docstring)."""

    def __init__(self, factory: Callable[[], KeyphraseExtractor]) -> None:
        self._factory = factory
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._pid: Future[int] | None = None
        self._ready: Future[None] | None = None
        self._running = 0

    def start(self) -> Future[None]:
        """Start the child unless it runs; the returned future is done once its models are
        loaded (with the load's error, if any)."""
        with self._lock:
            if self._pool is None or self._ready is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=1,
                    # not "fork": forking a process that runs an event loop and driver threads
                    # is unsafe (the loader's ProcessExtractor chose the same for the same reason)
                    mp_context=multiprocessing.get_context("forkserver"),
                    initializer=_start_child,
                    initargs=(self._factory, os.getpid()),
                )
                self._pid = self._pool.submit(os.getpid)
                self._ready = self._pool.submit(_load)
            return self._ready

    def extract(self, docs: Sequence[Document], *, known: Pairs) -> tuple[list[Extraction], Pairs]:
        """Extract ``docs`` in the child after teaching it the ``known`` acronyms; the
        extractions and every acronym the child knows after them."""
        self.start()
        with self._lock:
            pool = self._pool
            self._running += 1
        try:
            if pool is None:  # stopped meanwhile
                raise BrokenProcessPool
            return pool.submit(_extract, list(docs), known).result()
        except BrokenProcessPool as e:
            self._forget(pool)
            raise ExtractionError(
                "The extraction process stopped (killed after the time bound, or out of "
                "memory); it restarts on the next request."
            ) from e
        finally:
            with self._lock:
                self._running -= 1

    def stop(self) -> None:
        """Kill the child if a job runs in it (a new one starts with the next job)."""
        with self._lock:
            if not self._running:
                return
        self.close()

    def close(self) -> None:
        """Kill the child, whatever it is doing: it holds nothing worth a graceful exit."""
        with self._lock:
            pool, pid = self._pool, self._pid
            self._pool = self._pid = self._ready = None
        if pool is None or pid is None:
            return
        with contextlib.suppress(Exception):  # never started, or already gone
            os.kill(pid.result(timeout=_PID_SECONDS), signal.SIGKILL)
        pool.shutdown(wait=False, cancel_futures=True)

    def _forget(self, pool: ProcessPoolExecutor | None) -> None:
        with self._lock:
            if pool is not None and self._pool is pool:
                self._pool = self._pid = self._ready = None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


class SplitExtractor:
    """Extraction in ``worker``, embedding by ``local`` (an extractor whose ``embed`` loads only
    the query model) under a lock; the acronyms are ``local``'s registry."""

    acronyms: AcronymRegistry  # only when ``local`` has one

    def __init__(self, worker: ExtractionWorker, local: KeyphraseExtractor) -> None:
        self.worker = worker
        self._local = local
        self._lock = threading.Lock()
        self.version, self.dimensions = local.version, local.dimensions
        if isinstance(local, LearnsAcronyms):
            self.acronyms = local.acronyms

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        """Extract ``docs`` in the worker."""
        registry = self.acronyms if isinstance(self._local, LearnsAcronyms) else None
        found, learnt = self.worker.extract(docs, known=registry.items() if registry else [])
        if registry is not None:
            for acronym, key in learnt:
                registry.learn(acronym, key)
        return found

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        """Embed query texts in this process."""
        with self._lock:
            return self._local.embed(texts)


# --- in the child -----------------------------------------------------------------------------


def _start_child(factory: Callable[[], KeyphraseExtractor], parent: int) -> None:
    global _extractor
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the API's to handle
    threading.Thread(target=exit_without, args=(parent,), daemon=True).start()
    _extractor = factory()


def _child() -> KeyphraseExtractor:
    if _extractor is None:  # pragma: no cover - the initializer always runs first
        raise RuntimeError("the extraction worker was not initialised")
    return _extractor


def _load() -> None:
    load = getattr(_child(), "load", None)  # the production extractor loads ahead; others lazily
    if callable(load):
        load()


def _extract(docs: list[Document], known: Pairs) -> tuple[list[Extraction], Pairs]:
    extractor = _child()
    if not isinstance(extractor, LearnsAcronyms):
        return extractor.extract(docs), []
    for acronym, key in known:
        extractor.acronyms.learn(acronym, key)
    return extractor.extract(docs), extractor.acronyms.items()
