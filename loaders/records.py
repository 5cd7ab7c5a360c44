"""The record type every corpus reader yields, whatever the file format."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AuthorRef", "PaperRecord"]


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
    author_refs: tuple[AuthorRef, ...] = ()
    references: tuple[str, ...] = ()

    def external_ids(self) -> tuple[str, ...]:
        """The DOI, arXiv, OpenAlex and S2 ids it has, in that order."""
        ids = (self.doi, self.arxiv_id, self.openalex_id, self.s2_id)
        return tuple(i for i in ids if i)
