"""The keyphrase extractor the API needs for ``ingestPapers`` and ``similarPapers``.

Building the real extractor loads a model (seconds, CPU-bound), so it is built once, lazily, in a
worker thread, on first use; its ``extract``/``embed`` calls also run off the event loop.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from graph.errors import ExtractionError, PapergraphError
from loaders.extraction import LearnsAcronyms

if TYPE_CHECKING:
    from graph.config import Settings
    from loaders.extraction import AcronymRegistry, Document, Extraction, KeyphraseExtractor

__all__ = ["ExtractorFactory", "ExtractorProvider", "default_extractor"]

ExtractorFactory = Callable[[], "KeyphraseExtractor"]


def default_extractor(settings: Settings) -> ExtractorFactory:
    """The production extractor of ``settings`` (its mode, its model folder under
    ``PAPERGRAPH_HOME``), imported and built only when first needed."""

    def build() -> KeyphraseExtractor:
        from papergraph.ingest import build_extractor

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

    async def embed(self, text: str) -> tuple[float, ...]:
        """``text`` embedded like the papers' abstracts."""
        extractor = await self.get()
        vectors = await asyncio.to_thread(extractor.embed, [text])
        return tuple(vectors[0])
