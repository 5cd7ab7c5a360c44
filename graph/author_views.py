"""Read results about authors (see :mod:`graph.models` for the paper, concept, method views)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AuthorView", "Coauthor"]


@dataclass(slots=True)
class AuthorView:
    """An author: key (``orcid:…``, a source id such as ``openalex:A…``, or ``name:…``)."""

    key: str
    name: str
    orcid: str | None
    ids: tuple[str, ...]
    paper_count: int


@dataclass(slots=True)
class Coauthor:
    """Someone an author wrote ``papers`` papers with."""

    author: AuthorView
    papers: int
