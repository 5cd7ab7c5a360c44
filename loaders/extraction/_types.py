"""The value types and the protocol every keyphrase extractor implements."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Protocol, Self, runtime_checkable

if TYPE_CHECKING:
    from ._registry import AcronymRegistry

__all__ = [
    "ConceptHit",
    "Document",
    "Extraction",
    "KeyphraseExtractor",
    "LearnsAcronyms",
    "LearnsAhead",
    "MethodHit",
    "PipelinedExtractor",
]


@dataclass(frozen=True)
class Document:
    """One paper's input: its raw abstract (markup allowed), title and author keywords."""

    text: str
    title: str | None = None
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class ConceptHit:
    """A concept the paper is about.

    ``key`` is the normalised identity shared across papers (lowercase, singular head noun,
    hyphens as spaces, acronyms replaced by their expansion); ``name`` is the display form.
    """

    key: str
    name: str
    score: float
    aliases: tuple[str, ...]
    source: str  # "keybert" or "author"


@dataclass(frozen=True)
class MethodHit:
    """A named method, model, dataset, benchmark, metric or tool (``DyAug``, ``GPT-4``,
    ``ImageNet``)."""

    key: str
    name: str
    score: float
    aliases: tuple[str, ...]
    #: ``method``, ``model``, ``dataset``, ``benchmark``, ``metric`` or ``tool``; None when the
    #: text does not say (the store then links the name only to a method it already knows)
    kind: str | None = "method"
    #: the id of the cue in the text that gave ``kind`` (``kind.noun-beside`` for ``the X
    #: dataset``, ``kind.reported-on`` for ``accuracy on X`` …; see ``_kinds``)
    kind_cue: str | None = None
    #: key of the method this one is a named variant of (``SD-LoRA`` → ``lora``)
    variant_of: str | None = None
    #: where the paper says it varies ``variant_of``: the phrase (its own name or long form for
    #: name structure, the base as written after a text cue) and, for a text cue, the words of
    #: the cue and the base (``extends GraphGPS``) the phrase is looked for in
    variant_phrase: str | None = None
    variant_cue: str | None = None
    #: concept keys of the phrases that spell the method out (``behavioral cloning`` for
    #: ``BC``, ``artificial intelligence feedback`` for ``AI feedback``): a concept under one of
    #: them is this method's idea, and the store merges it into the method
    expansion_keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class Extraction:
    """Everything extracted from one paper."""

    concepts: tuple[ConceptHit, ...]
    proposes: tuple[MethodHit, ...]
    uses: tuple[MethodHit, ...]
    embedding: tuple[float, ...]
    #: Concept acronyms this paper defines, ``(acronym, concept key)``; stored on the paper so a
    #: later or resumed load learns them again (see ``loaders.pipeline.seed_acronyms``).
    definitions: tuple[tuple[str, str], ...] = ()


@runtime_checkable
class KeyphraseExtractor(Protocol):
    """Turns documents into concepts, methods and embeddings, in batches."""

    version: str
    dimensions: int

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        """Return one :class:`Extraction` per document, in the same order."""
        ...

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        """Embed free text (a search query) in the same space as document embeddings."""
        ...


@runtime_checkable
class PipelinedExtractor(KeyphraseExtractor, Protocol):
    """An extractor that takes several batches at once and works on them in order, one
    batch's later stages overlapping the next batch's earlier ones."""

    def submit(self, docs: Sequence[Document]) -> Future[list[Extraction]]:
        """Start extracting ``docs``; batches are extracted in the order they are submitted."""
        ...

    @property
    def parallel(self) -> int:
        """Batches it works on at once: a caller keeps at least as many in flight."""
        ...


@runtime_checkable
class LearnsAcronyms(Protocol):
    """An extractor that resolves acronyms through a registry its caller can seed with the
    definitions earlier loads stored (see ``loaders.pipeline.seed_acronyms``)."""

    acronyms: AcronymRegistry


@runtime_checkable
class LearnsAhead(Protocol):
    """An extractor that learns a whole input's acronym definitions and established phrases
    before it extracts any of it, so that what a paper's extraction reads is the same however
    the input is cut into batches (or a load of it was interrupted and resumed)."""

    def learn_ahead(
        self, batches: Iterable[Sequence[Document]], *, known: Sequence[tuple[str, str]] = ()
    ) -> None:
        """Forget what earlier inputs taught; learn, in order, the definitions and whole
        phrases of ``batches`` (the whole input), then the ``known`` ``(acronym, concept key)``
        definitions (stored papers') for acronyms the input does not define. Until the next
        call, extraction reads what was learnt here and learns nothing more."""
        ...


class StartedOnEnter:
    """``with extractor:`` for extractors that start workers and must close them: ``start``
    on entering, ``close`` on leaving, however the block ends."""

    def start(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
