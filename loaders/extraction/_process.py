"""The production extractor in two child processes: one tags, one ranks, batches flowing through.

In one process, extraction and the loader's event loop (Neo4j driver, reading) take turns on
the GIL, so a load uses one core however the work is overlapped. :class:`ProcessExtractor`
splits :class:`KeyBertExtractor` at its two stages instead: a *tagging* child cleans, tags and
finds definitions (:meth:`KeyBertExtractor.tag`), a *ranking* child resolves acronyms and
ranks with KeyBERT (:meth:`KeyBertExtractor.rank`). Batches go through both in submission
order, so while one batch is ranked the next is tagged, and the results are exactly those of
the one-process extractor. Each child loads only its own models, both as soon as the
extractor starts, while the parent connects to Neo4j and reads the corpus.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from papergraph.errors import ExtractionError

from ._keybert import KeyBertExtractor, Tagged, extractor_version
from ._models import MINILM_DIMENSIONS
from ._registry import AcronymRegistry
from ._types import Document, Extraction, StartedOnEnter

__all__ = ["ProcessExtractor"]

Pairs = list[tuple[str, str]]

#: The children allocate millions of short-lived objects (tokens, candidates) and keep large
#: long-lived ones (models, phrase cache); fewer young-generation passes save ~10% of the time.
_GC_THRESHOLDS = (50_000, 20, 20)

_PARENT_CHECK_SECONDS = 1.0
#: Batches tagged ahead of the one being learnt while a whole input is learnt ahead.
_AHEAD = 2

_worker: KeyBertExtractor | None = None  # each child's extractor


class ProcessExtractor(StartedOnEnter):
    """A :class:`~loaders.extraction.PipelinedExtractor` whose work runs in child processes.

    Use it as a context manager (or call :meth:`start` and :meth:`close`). ``acronyms`` is
    shared with the ranking child: what the parent's registry knows is sent with each batch,
    and what the child learns comes back into it.
    """

    dimensions = MINILM_DIMENSIONS

    def __init__(
        self,
        *,
        top_n: int = 10,
        model_dir: Path | None = None,
        acronyms: AcronymRegistry | None = None,
        fast: bool = False,
    ) -> None:
        self.top_n = top_n
        self.acronyms = acronyms if acronyms is not None else AcronymRegistry()
        self.version = extractor_version(fast=fast)
        self.model_dir = model_dir
        self._fast = fast
        self._tagging: ProcessPoolExecutor | None = None
        self._ranking: ProcessPoolExecutor | None = None

    def start(self) -> None:
        """Start both children and have them load their models (returns at once)."""
        if self._tagging is None or self._ranking is None:
            self._tagging = self._child(tagger=True)
            self._ranking = self._child(rankers=True)

    def close(self) -> None:
        """Stop both children."""
        for pool in (self._tagging, self._ranking):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        self._tagging = self._ranking = None

    def submit(self, docs: Sequence[Document]) -> Future[list[Extraction]]:
        """Start extracting ``docs``: tagged once the batches before are tagged, ranked once
        they are ranked."""
        self.start()
        assert self._tagging is not None
        batch = list(docs)
        result: Future[list[Extraction]] = Future()
        tagging = self._tagging.submit(_tag, batch)
        # callbacks run in submission order (one worker per stage), so ranking keeps it too
        tagging.add_done_callback(lambda done: self._rank(batch, done, result))
        return result

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        """Extract and wait; see :meth:`KeyBertExtractor.extract`."""
        return self.submit(docs).result()

    def learn_ahead(
        self, batches: Iterable[Sequence[Document]], *, known: Sequence[tuple[str, str]] = ()
    ) -> None:
        """Learn a whole input before extracting it: batches are tagged in the tagging child
        and learnt, in order, by the ranking child (see :meth:`KeyBertExtractor.learn_ahead`)."""
        self.start()
        assert self._tagging is not None and self._ranking is not None
        tagging, ranking = self._tagging, self._ranking
        try:
            learning = [ranking.submit(_forget)]
            tagged: deque[Future[list[Tagged]]] = deque()
            for docs in batches:
                tagged.append(tagging.submit(_tag, list(docs)))
                while len(tagged) > _AHEAD or (tagged and tagged[0].done()):
                    learning.append(ranking.submit(_learn, tagged.popleft().result()))
            learning += [ranking.submit(_learn, t.result()) for t in tagged]
            learnt: Pairs = ranking.submit(_learn_known, list(known)).result()
            for job in learning:
                job.result()
        except BrokenProcessPool as e:
            raise _stopped() from e
        self.acronyms.clear()
        for acronym, key in learnt:
            self.acronyms.learn(acronym, key)

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        """Embed query texts in the ranking child; see :meth:`KeyBertExtractor.embed`."""
        self.start()
        assert self._ranking is not None
        try:
            return self._ranking.submit(_embed, list(texts)).result()
        except BrokenProcessPool as e:
            raise _stopped() from e

    def _child(self, **models: bool) -> ProcessPoolExecutor:
        pool = ProcessPoolExecutor(
            max_workers=1,
            # Not "fork": forking a process that runs an event loop and driver threads is
            # unsafe. Not "spawn": its child finalises the interpreter on exit, where torch's
            # triton prints bogus "nanobind: leaked ..." lines; forked children exit at once.
            mp_context=multiprocessing.get_context("forkserver"),
            initializer=_start_worker,
            initargs=(self.top_n, self.model_dir, self._fast, os.getpid()),
        )
        pool.submit(_load_models, **models)  # its errors resurface on the first batch
        return pool

    def _rank(
        self, batch: list[Document], tagging: Future[list[Tagged]], result: Future[list[Extraction]]
    ) -> None:
        try:
            tagged = tagging.result()
            if self._ranking is None:
                raise _stopped()
            try:
                ranking = self._ranking.submit(_rank, batch, tagged, self.acronyms.items())
            except RuntimeError as e:  # closed meanwhile: no new work after shutdown
                raise _stopped() from e
        except BaseException as e:  # every failure must reach the caller
            _fail(result, e)
            return
        ranking.add_done_callback(lambda done: self._finish(done, result))

    def _finish(
        self, ranking: Future[tuple[list[Extraction], Pairs]], result: Future[list[Extraction]]
    ) -> None:
        try:
            extractions, learnt = ranking.result()
        except BaseException as e:  # every failure must reach the caller
            _fail(result, e)
            return
        for acronym, key in learnt:
            self.acronyms.learn(acronym, key)
        with contextlib.suppress(InvalidStateError):  # the caller cancelled it meanwhile
            result.set_result(extractions)


def _fail(result: Future[Any], error: BaseException) -> None:
    if isinstance(error, BrokenProcessPool):
        stopped = _stopped()
        stopped.__cause__ = error
        error = stopped
    with contextlib.suppress(InvalidStateError):  # the caller cancelled it meanwhile
        result.set_exception(error)


def _stopped() -> ExtractionError:
    return ExtractionError(
        "The extraction process stopped unexpectedly (out of memory, or killed). "
        "Run the load again; it resumes where it stopped."
    )


# --- in the children --------------------------------------------------------------------------


def _start_worker(top_n: int, model_dir: Path | None, fast: bool, parent: int) -> None:
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    threading.Thread(target=_exit_without, args=(parent,), daemon=True).start()
    gc.set_threshold(*_GC_THRESHOLDS)
    _worker = KeyBertExtractor(top_n=top_n, model_dir=model_dir, fast=fast)


def _exit_without(parent: int) -> None:
    """Exit when the process that started this child is gone: killed, it could not stop the
    child, which would otherwise wait for work forever holding its models in memory."""
    while True:
        time.sleep(_PARENT_CHECK_SECONDS)
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            os._exit(1)


def _load_models(*, tagger: bool = False, rankers: bool = False) -> None:
    worker = _child()
    worker.load(tagger=tagger, rankers=rankers)
    gc.freeze()  # the models stay for the child's life: keep the collector off them


def _tag(docs: list[Document]) -> list[Tagged]:
    return _child().tag(docs)


def _rank(
    docs: list[Document], tagged: list[Tagged], known: Pairs
) -> tuple[list[Extraction], Pairs]:
    worker = _child()
    for acronym, key in known:
        worker.acronyms.learn(acronym, key)
    return worker.rank(docs, tagged), worker.acronyms.items()


def _forget() -> None:
    _child().forget()


def _learn(tagged: list[Tagged]) -> None:
    _child().learn(tagged)


def _learn_known(known: Pairs) -> Pairs:
    worker = _child()
    for acronym, key in known:
        worker.acronyms.learn(acronym, key)
    return worker.acronyms.items()


def _embed(texts: list[str]) -> list[tuple[float, ...]]:
    return _child().embed(texts)


def _child() -> KeyBertExtractor:
    if _worker is None:  # pragma: no cover - the initializer always runs first
        raise RuntimeError("the extraction worker was not initialised")
    return _worker
