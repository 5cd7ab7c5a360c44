"""Reads about authors: lookups, search, their papers, co-authors and concepts (batched)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from graph.author_views import AuthorView, Coauthor
from graph.models import ConceptCooccurrence, PaperView
from graph.paper_ids import name_key
from graph.queries._convert import to_concept, to_paper
from graph.queries._run import GraphReader, fetch, fetch_one

__all__ = [
    "author_coauthors",
    "author_concepts",
    "author_papers",
    "find_authors",
    "get_author",
    "paper_authors",
]


def _author(row: dict[str, Any]) -> AuthorView:
    return AuthorView(
        key=row["key"],
        name=row["name"],
        orcid=row.get("orcid"),
        ids=tuple(row.get("ids") or ()),
        paper_count=int(row.get("paperCount") or 0),
    )


async def get_author(
    reader: GraphReader, *, key: str | None = None, name: str | None = None
) -> AuthorView | None:
    """An author by key, else by name (case and accents ignored)."""
    row = await fetch_one(
        reader, "author_by_key", key=key, nameKey=name_key(name) if name else None
    )
    return _author(row["author"]) if row else None


async def find_authors(reader: GraphReader, *, search: str, first: int = 20) -> list[AuthorView]:
    """Authors whose name holds every word of ``search``, most papers first."""
    words = name_key(search).split()
    rows = await fetch(reader, "search_authors", words=words, first=first)
    return [_author(r["author"]) for r in rows]


async def paper_authors(
    reader: GraphReader, *, ids: Sequence[str]
) -> dict[str, tuple[AuthorView, ...]]:
    """The authors of each paper (canonical ids) in byline order."""
    rows = await fetch(reader, "paper_authors", ids=list(ids))
    return {r["id"]: tuple(_author(a) for a in r["authors"]) for r in rows}


async def author_papers(
    reader: GraphReader, *, keys: Sequence[str], first: int = 20
) -> dict[str, tuple[PaperView, ...]]:
    """The papers each author wrote, newest first."""
    rows = await fetch(reader, "author_papers", keys=list(keys), first=first)
    return {r["key"]: tuple(to_paper(p) for p in r["papers"]) for r in rows}


async def author_coauthors(
    reader: GraphReader, *, keys: Sequence[str], first: int = 20
) -> dict[str, tuple[Coauthor, ...]]:
    """Each author's co-authors with the number of papers written together, most first."""
    rows = await fetch(reader, "author_coauthors", keys=list(keys), first=first)
    return {
        r["key"]: tuple(Coauthor(_author(c["author"]), int(c["papers"])) for c in r["coauthors"])
        for r in rows
    }


async def author_concepts(
    reader: GraphReader, *, keys: Sequence[str], first: int = 20
) -> dict[str, tuple[ConceptCooccurrence, ...]]:
    """The concepts each author's papers mention, with how many of their papers do."""
    rows = await fetch(reader, "author_concepts", keys=list(keys), first=first)
    return {
        r["key"]: tuple(
            ConceptCooccurrence(to_concept(c["concept"]), int(c["papers"])) for c in r["concepts"]
        )
        for r in rows
    }
