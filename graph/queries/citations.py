"""Reads about citations: the loaded papers a paper cites and those citing it (batched)."""

from __future__ import annotations

from collections.abc import Sequence

from graph.models import PaperView
from graph.queries import _convert as to
from graph.queries._run import GraphReader, fetch

__all__ = ["paper_cited_by", "paper_references"]


async def paper_references(
    reader: GraphReader, *, ids: Sequence[str], first: int = 20
) -> dict[str, tuple[PaperView, ...]]:
    """The papers in the graph each paper (canonical ids) cites, newest first."""
    rows = await fetch(reader, "paper_references", ids=list(ids), first=first)
    return {r["id"]: tuple(to.paper(p) for p in r["papers"]) for r in rows}


async def paper_cited_by(
    reader: GraphReader, *, ids: Sequence[str], first: int = 20
) -> dict[str, tuple[PaperView, ...]]:
    """The papers in the graph citing each paper (canonical ids), newest first."""
    rows = await fetch(reader, "paper_cited_by", ids=list(ids), first=first)
    return {r["id"]: tuple(to.paper(p) for p in r["papers"]) for r in rows}
