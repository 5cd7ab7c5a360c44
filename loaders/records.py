"""The record type every corpus reader yields, whatever the file format."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PaperRecord"]


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
