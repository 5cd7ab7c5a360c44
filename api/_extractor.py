"""The keyphrase extractor the API needs for ``ingestPapers``, ``similarPapers`` and
``analyzeText``.

The production extractor runs in a child process of its own (:mod:`api._worker`): the models'
memory stays out of the API process, which embeds search queries only (MiniLM). The extractor
is built once, lazily, on first use; its ``extract``/``embed`` calls run off the event loop.

A text a client sends to be read is bounded: at most :data:`TEXT_LIMIT` characters; one
extraction at a time (a draft analysis waits at most :data:`ANALYSIS_WAIT_SECONDS` for its
turn, an ingest as long as it takes), and a draft analysis answers within
:data:`ANALYSIS_SECONDS` or is refused with ``TIMEOUT``, the child process that was extracting
it killed and replaced. Each extracting field also counts in the query-cost estimate
(:data:`api._cost.EXTRACTION_COSTS`), so aliases cannot multiply it.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from api._worker import ExtractionWorker, SplitExtractor
from loaders.extraction import LearnsAcronyms
from papergraph.errors import ExtractionError, InvalidInputError, PapergraphError, QueryTimeoutError
from papergraph.usecases.ingest import build_extractor

if TYPE_CHECKING:
    from loaders.extraction import AcronymRegistry, Document, Extraction, KeyphraseExtractor
    from papergraph.settings import Settings

__all__ = [
    "ANALYSIS_SECONDS",
    "ANALYSIS_WAIT_SECONDS",
    "TEXT_LIMIT",
    "ExtractorFactory",
    "ExtractorProvider",
    "checked_text",
    "default_extractor",
]

ExtractorFactory = Callable[[], "KeyphraseExtractor"]
T = TypeVar("T")

#: Longest text (characters) ``analyzeText`` and ``similarPapers`` read: a long abstract is
#: some 3,000, and extraction time grows with the text.
TEXT_LIMIT = 10_000
#: Longest a draft analysis may run before the client is answered ``TIMEOUT``.
ANALYSIS_SECONDS = 30.0
#: Longest a draft analysis waits for the one running before it.
ANALYSIS_WAIT_SECONDS = 10.0


def checked_text(text: str) -> str:
    """``text`` if it is within :data:`TEXT_LIMIT` and not blank, else a BAD_USER_INPUT."""
    if len(text) > TEXT_LIMIT:
        raise InvalidInputError(
            f"`text` is {len(text):,} characters; the limit is {TEXT_LIMIT:,}: send the abstract "
            "only."
        )
    return text


def default_extractor(settings: Settings) -> ExtractorFactory:
    """The production extractor of ``settings`` (its mode, its model folder under
    ``PAPERGRAPH_HOME``), built only when first needed; picklable, for the child process."""
    return partial(build_extractor, settings)


class _Serialized:
    """The extractor behind a lock: one instance is not safe to use from two threads at once,
    and concurrent requests (``similarPapers``, ``ingestPapers``) run it in worker threads.
    The inner extractor's acronym registry (thread-safe) stays reachable, so that each ingest
    teaches it the definitions stored since."""

    acronyms: AcronymRegistry  # only when the inner extractor has one

    def __init__(self, inner: KeyphraseExtractor) -> None:
        self._inner = inner
        self._lock = threading.Lock()
        self.version = inner.version
        self.dimensions = inner.dimensions
        if isinstance(inner, LearnsAcronyms):
            self.acronyms = inner.acronyms

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        with self._lock:
            return self._inner.extract(docs)

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        with self._lock:
            return self._inner.embed(texts)


class ExtractorProvider:
    """Builds the extractor once (in a thread, on first use) and shares it between requests;
    ``isolated``: its extraction runs in a child process (:mod:`api._worker`), which needs a
    picklable ``factory``."""

    def __init__(self, factory: ExtractorFactory, *, isolated: bool = False) -> None:
        self._factory = factory
        self._worker = ExtractionWorker(factory) if isolated else None
        self._extractor: KeyphraseExtractor | None = None
        self._lock = asyncio.Lock()
        self._turn = asyncio.Semaphore(1)

    async def get(self) -> KeyphraseExtractor:
        """The extractor, built on the first call."""
        async with self._lock:
            if self._extractor is None:
                self._extractor = await asyncio.to_thread(self._build)
            return self._extractor

    def _build(self) -> KeyphraseExtractor:
        try:
            local = self._factory()
        except PapergraphError:
            raise
        except Exception as exc:
            raise ExtractionError(
                f"The keyphrase extractor could not be loaded ({exc}); check the model install."
            ) from exc
        return SplitExtractor(self._worker, local) if self._worker else _Serialized(local)

    def start(self) -> None:
        """Start the child process and its model load now (returns at once)."""
        if self._worker is not None:
            self._worker.start()

    async def close(self) -> None:
        """Stop the child process, if any."""
        if self._worker is not None:
            await asyncio.to_thread(self._worker.close)

    @asynccontextmanager
    async def exclusive(self) -> AsyncIterator[None]:
        """The extraction turn for an ingest, however long it waits: a draft analysis stopped
        at its time bound then never kills the child under an ingest's batch."""
        async with self._turn:
            yield

    async def analysis(self, work: Callable[[], Awaitable[T]]) -> T:
        """The result of ``work`` (a draft analysis), run when no other extraction is
        running, within :data:`ANALYSIS_SECONDS`. Past the bound the child process is killed,
        which ends ``work``; an extractor in this process cannot be stopped, so the turn is
        then held until ``work`` ends (the next analysis would only queue behind it)."""
        await self._take_turn()
        task = asyncio.ensure_future(work())
        task.add_done_callback(self._release)
        try:
            return await asyncio.wait_for(asyncio.shield(task), ANALYSIS_SECONDS)
        except TimeoutError:
            if self._worker is not None:
                await asyncio.to_thread(self._worker.stop)
            raise QueryTimeoutError(
                f"The draft analysis ran longer than {ANALYSIS_SECONDS:g} s and was stopped: "
                "send a shorter text."
            ) from None

    def _release(self, task: asyncio.Future[Any]) -> None:
        self._turn.release()
        if not task.cancelled():
            task.exception()  # retrieved: a stopped analysis's error was answered as TIMEOUT

    async def _take_turn(self) -> None:
        """The turn, and the child's models loaded, within :data:`ANALYSIS_WAIT_SECONDS`."""
        try:
            await asyncio.wait_for(self._turn.acquire(), ANALYSIS_WAIT_SECONDS)
        except TimeoutError:
            raise QueryTimeoutError(
                "Another extraction is running and this draft analysis waited "
                f"{ANALYSIS_WAIT_SECONDS:g} s for its turn: retry in a few seconds."
            ) from None
        try:
            await self._models_loaded()
        except BaseException:
            self._turn.release()
            raise

    async def _models_loaded(self) -> None:
        if self._worker is None:
            return
        loading = asyncio.wrap_future(self._worker.start())
        try:
            # shielded: the load goes on for the next request when this one stops waiting
            await asyncio.wait_for(asyncio.shield(loading), ANALYSIS_WAIT_SECONDS)
        except TimeoutError:
            raise QueryTimeoutError(
                "The extraction models are loading (the first extraction after start): retry "
                "in a minute."
            ) from None
        except Exception as exc:  # the next request starts a fresh child and tries again
            await asyncio.to_thread(self._worker.close)
            if isinstance(exc, PapergraphError):
                raise
            raise ExtractionError(
                f"The keyphrase extractor could not be loaded ({exc}); check the model install."
            ) from exc

    async def embed(self, text: str) -> tuple[float, ...]:
        """``text`` embedded like the papers' abstracts."""
        extractor = await self.get()
        vectors = await asyncio.to_thread(extractor.embed, [text])
        return tuple(vectors[0])
