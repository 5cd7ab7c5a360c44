"""The keyphrase extractor the API needs for ``ingestPapers``, ``similarPapers`` and
``analyzeText``.

Building the real extractor loads a model (seconds, CPU-bound), so it is built once, lazily, in a
worker thread, on first use; its ``extract``/``embed`` calls also run off the event loop.

A text a client sends to be read is bounded: at most :data:`TEXT_LIMIT` characters; one draft
analysis at a time (a second waits at most :data:`ANALYSIS_WAIT_SECONDS` for its turn), and each
answers within :data:`ANALYSIS_SECONDS` or is refused with ``TIMEOUT``. Each extracting field also
counts in the query-cost estimate (:data:`api._cost.EXTRACTION_COSTS`), so aliases cannot
multiply it.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from loaders.extraction import LearnsAcronyms
from papergraph.errors import ExtractionError, InvalidInputError, PapergraphError, QueryTimeoutError

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
    ``PAPERGRAPH_HOME``), imported and built only when first needed."""

    def build() -> KeyphraseExtractor:
        from papergraph.usecases.ingest import build_extractor

        return build_extractor(settings)

    return build


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
    """Builds the extractor once (in a thread, on first use) and shares it between requests."""

    def __init__(self, factory: ExtractorFactory) -> None:
        self._factory = factory
        self._extractor: KeyphraseExtractor | None = None
        self._lock = asyncio.Lock()
        self._analysis = asyncio.Semaphore(1)

    async def get(self) -> KeyphraseExtractor:
        """The extractor, built on the first call."""
        async with self._lock:
            if self._extractor is None:
                self._extractor = await asyncio.to_thread(self._build)
            return self._extractor

    def _build(self) -> KeyphraseExtractor:
        try:
            return _Serialized(self._factory())
        except PapergraphError:
            raise
        except Exception as exc:
            raise ExtractionError(
                f"The keyphrase extractor could not be loaded ({exc}); check the model install."
            ) from exc

    async def analysis(self, work: Callable[[], Awaitable[T]]) -> T:
        """The result of ``work`` (a draft analysis), run when no other is running, within
        :data:`ANALYSIS_SECONDS`. The turn is held until ``work`` ends, even when its client
        was answered ``TIMEOUT``: the extraction thread cannot be stopped, and the next
        analysis would only queue behind it on the extractor."""
        try:
            await asyncio.wait_for(self._analysis.acquire(), ANALYSIS_WAIT_SECONDS)
        except TimeoutError:
            raise QueryTimeoutError(
                "Another draft analysis is running and this one waited "
                f"{ANALYSIS_WAIT_SECONDS:g} s for its turn: retry in a few seconds."
            ) from None
        task = asyncio.ensure_future(work())
        task.add_done_callback(lambda _: self._analysis.release())
        try:
            return await asyncio.wait_for(asyncio.shield(task), ANALYSIS_SECONDS)
        except TimeoutError:
            raise QueryTimeoutError(
                f"The draft analysis ran longer than {ANALYSIS_SECONDS:g} s and was stopped: "
                "send a shorter text."
            ) from None

    async def embed(self, text: str) -> tuple[float, ...]:
        """``text`` embedded like the papers' abstracts."""
        extractor = await self.get()
        vectors = await asyncio.to_thread(extractor.embed, [text])
        return tuple(vectors[0])
