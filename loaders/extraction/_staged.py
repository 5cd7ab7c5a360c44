"""The production extractor cut at its stages, the model stages on workers: the one code path
of :class:`ProcessExtractor` (local processes) and :class:`RayExtractor` (Ray actors).

:class:`KeyBertExtractor` is split in three, batch by batch:

1. **tag** (on a worker: clean, POS-tag, find definitions), batches spread over the workers;
2. **analyse** (here, in the loader, batch after batch in submission order): learn acronyms and
   established phrases, collect candidates and method names. It is model-free and cheap, and it
   is the one step whose result depends on the batches before, so keeping it in one place, in
   order, makes the results exactly those of a one-process load however many workers there are;
3. **score** (on a worker: embed, rank with KeyBERT), with a snapshot of the acronyms known at
   that batch.

A backend says how a worker runs a stage (:meth:`StagedExtractor._tag`, ``_score``,
``_embed``); everything else is here.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, InvalidStateError, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ._analysis import Analysis
from ._keybert import KeyBertExtractor, Tagged, extractor_version
from ._models import MINILM_DIMENSIONS
from ._registry import AcronymRegistry
from ._types import Document, Extraction, StartedOnEnter

__all__ = ["StagedExtractor"]

Pairs = list[tuple[str, str]]

#: Batches tagged ahead of the one being learnt while a whole input is learnt ahead, per worker.
_AHEAD = 2


class StagedExtractor(StartedOnEnter):
    """A :class:`~loaders.extraction.PipelinedExtractor` whose model stages run on workers.

    Use it as a context manager (or call :meth:`start` and :meth:`close`). ``acronyms`` is the
    registry the analysis stage reads and teaches; the workers score with a copy of it.
    """

    dimensions = MINILM_DIMENSIONS

    def __init__(
        self,
        *,
        top_n: int = 10,
        model_dir: Path | None = None,
        acronyms: AcronymRegistry | None = None,
        fast: bool = False,
        device: str = "auto",
    ) -> None:
        self.acronyms = acronyms if acronyms is not None else AcronymRegistry()
        self.version = extractor_version(fast=fast)
        self.top_n = top_n
        self.model_dir = model_dir
        self.fast = fast
        self.device = device
        # the analysis stage: no models are ever loaded into it
        self._analyser = KeyBertExtractor(top_n=top_n, acronyms=self.acronyms, fast=fast)
        self._in_order: ThreadPoolExecutor | None = None

    # --- what a backend provides ------------------------------------------------------------

    @property
    def parallel(self) -> int:
        """Batches the workers take at once (once started): a caller keeps as many in flight."""
        raise NotImplementedError

    def _open(self) -> None:
        """Start the workers; they load their models meanwhile."""
        raise NotImplementedError

    def _shut(self) -> None:
        """Stop the workers."""
        raise NotImplementedError

    def _tag(self, docs: list[Document]) -> Future[list[Tagged]]:
        raise NotImplementedError

    def _score(
        self, docs: list[Document], tagged: list[Tagged], analyses: list[Analysis], known: Pairs
    ) -> Future[list[Extraction]]:
        raise NotImplementedError

    def _embed(self, texts: list[str]) -> list[tuple[float, ...]]:
        raise NotImplementedError

    def _failure(self, error: BaseException) -> BaseException:
        """The error a caller sees for a worker's ``error`` (a backend names its own fix)."""
        return error

    # --- the one code path --------------------------------------------------------------------

    def start(self) -> None:
        """Start the workers, which load their models (returns at once)."""
        if self._in_order is None:
            self._open()
            self._in_order = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analyse")

    def close(self) -> None:
        """Stop the workers."""
        if self._in_order is not None:
            self._in_order.shutdown(wait=True, cancel_futures=True)
            self._in_order = None
        self._shut()

    def submit(self, docs: Sequence[Document]) -> Future[list[Extraction]]:
        """Start extracting ``docs``: tagged at once on a worker, analysed once the batches
        before are, then scored on a worker."""
        self.start()
        assert self._in_order is not None
        batch = list(docs)
        result: Future[list[Extraction]] = Future()
        try:
            tagging = self._tag(batch)
        except BaseException as e:  # every failure must reach the caller
            self._fail(result, e)
            return result
        self._in_order.submit(self._analyse, batch, tagging, result)
        return result

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        """Extract and wait; see :meth:`KeyBertExtractor.extract`."""
        return self.submit(docs).result()

    def learn_ahead(
        self, batches: Iterable[Sequence[Document]], *, known: Sequence[tuple[str, str]] = ()
    ) -> None:
        """Learn a whole input before extracting it: batches are tagged on the workers, a few
        ahead per worker, and learnt here, in order (see :meth:`KeyBertExtractor.learn_ahead`)."""
        self.start()
        self._analyser.forget()
        tagged: deque[Future[list[Tagged]]] = deque()
        try:
            for docs in batches:
                tagged.append(self._tag(list(docs)))
                while len(tagged) > _AHEAD * self.parallel:
                    self._analyser.learn(tagged.popleft().result())
            while tagged:
                self._analyser.learn(tagged.popleft().result())
        except Exception as e:
            raise self._failure(e) from e
        for acronym, key in known:
            self.acronyms.learn(acronym, key)

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        """Embed query texts on a worker; see :meth:`KeyBertExtractor.embed`."""
        self.start()
        try:
            return self._embed(list(texts))
        except Exception as e:
            raise self._failure(e) from e

    def _analyse(
        self, batch: list[Document], tagging: Future[list[Tagged]], result: Future[list[Extraction]]
    ) -> None:
        """In submission order: wait for the batch's tags, analyse it, send it to be scored."""
        try:
            tagged = tagging.result()
            analyses = self._analyser.analyse(tagged) if batch else []
            scoring = self._score(batch, tagged, analyses, self.acronyms.items())
        except BaseException as e:  # every failure must reach the caller
            self._fail(result, e)
            return
        # the loader awaits batches oldest first, so a later batch finishing first waits there
        scoring.add_done_callback(lambda done: self._finish(done, result))

    def _finish(self, done: Future[list[Extraction]], result: Future[list[Extraction]]) -> None:
        try:
            extractions = done.result()
        except BaseException as e:  # every failure must reach the caller
            self._fail(result, e)
            return
        with contextlib.suppress(InvalidStateError):  # the caller cancelled it meanwhile
            result.set_result(extractions)

    def _fail(self, result: Future[Any], error: BaseException) -> None:
        failure = self._failure(error)
        if failure is not error and failure.__cause__ is None:
            failure.__cause__ = error
        with contextlib.suppress(InvalidStateError):  # the caller cancelled it meanwhile
            result.set_exception(failure)
