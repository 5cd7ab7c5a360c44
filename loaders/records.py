"""What every corpus reader yields, whatever the file format: a :class:`PaperRecord` per
paper, or a :class:`CorpusWarning` per record skipped on purpose (malformed records are
:class:`papergraph.errors.CorpusError` values)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["AuthorRef", "CorpusWarning", "PaperRecord", "SkipKind"]

#: Why a well-formed record is skipped, in the words the load summary counts it under.
#: ``"two stored papers"`` is the one kind that is written, not skipped: into the paper its
#: identifiers name, keeping apart the other stored paper that has its abstract.
SkipKind = Literal[
    "no abstract",
    "placeholder abstract",
    "abstract too short",
    "id given twice",
    "two stored papers",
]


@dataclass(frozen=True, slots=True)
class AuthorRef:
    """One author of a paper as its source names them.

    Attributes:
        name: The name as printed, e.g. ``"Jörg Müller"``.
        orcid: The bare ORCID (``0000-0002-1825-0097``), or ``None``.
        ids: Source ids, each prefixed by its source (``openalex:A5023888391``, ``s2:1741101``).
    """

    name: str
    orcid: str | None = None
    ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PaperRecord:
    """One validated paper read from a corpus file.

    Text fields have their whitespace runs collapsed to single spaces; empty optional
    fields are ``None`` and empty lists are ``()``. A record without an ``id`` gets one
    from :func:`loaders.identity.content_id` when it is written to the graph.

    Attributes:
        id: The paper's id in its source (e.g. an OpenReview forum id), or ``None``.
        title: The title, or ``None`` (the seed text format has no titles).
        abstract: The abstract, at least 50 letters and at most 100,000 characters.
        keywords: Author keywords in source order, de-duplicated case-insensitively.
        authors: Author names in source order.
        year: Publication year in 1900..2100, or ``None``.
        venue: Venue name such as ``"ICLR"``, or ``None``.
        status: Decision such as ``"Poster"`` or ``"Reject"``, or ``None``.
        source: Name of the file the record came from (no directory).
        line: 1-based line where the record starts in that file.
        doi: The DOI, lower-cased and without ``https://doi.org/``, or ``None``.
        arxiv_id: The arXiv id without its version (``2101.00001``), or ``None``.
        openalex_id: The OpenAlex work id (``W2741809807``), or ``None``.
        s2_id: The Semantic Scholar paper id (40 hex digits), or ``None``.
        url: A web address of the paper its source gave (``http`` or ``https``), or ``None``.
        author_refs: The authors with their ORCID and source ids, in the order of ``authors``.
        references: Ids (any of the four kinds above, or a source id) of the works it cites.
    """

    id: str | None
    title: str | None
    abstract: str
    keywords: tuple[str, ...]
    authors: tuple[str, ...]
    year: int | None
    venue: str | None
    status: str | None
    source: str
    line: int
    doi: str | None = None
    arxiv_id: str | None = None
    openalex_id: str | None = None
    s2_id: str | None = None
    url: str | None = None
    author_refs: tuple[AuthorRef, ...] = ()
    references: tuple[str, ...] = ()

    def external_ids(self) -> tuple[str, ...]:
        """The DOI, arXiv, OpenAlex and S2 ids it has, in that order."""
        ids = (self.doi, self.arxiv_id, self.openalex_id, self.s2_id)
        return tuple(i for i in ids if i)


@dataclass(frozen=True, slots=True)
class CorpusWarning:
    """A well-formed record skipped on purpose: it has no usable abstract, or a later record
    gives its id again. Not an error: the load goes on and counts it by :attr:`kind`.

    Attributes:
        kind: Why it is skipped, e.g. ``"no abstract"`` (see :data:`SkipKind`).
        reason: The full sentence, e.g. ``"the abstract is empty"``.
        path: The file it was read from.
        line: 1-based line where the record starts, or ``None``.
        field: The field at fault (``abstract``, ``id``), or ``None``.
    """

    kind: SkipKind
    reason: str
    path: str
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}, line {self.line}"
        done = "" if self.kind == "two stored papers" else "skipped: "
        what = f"field '{self.field}': {done}" if self.field else done
        return f"{where}: {what}{self.reason}"
