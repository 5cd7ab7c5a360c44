"""Reads about citations: the loaded papers a paper cites and those citing it (batched), and the
citation parts of a ``related_papers`` row."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from graph.citation_views import CitedWorkView
from graph.models import Page, PaperView
from graph.queries._convert import to_page, to_paper
from graph.queries._run import GraphReader, Row, fetch

__all__ = ["co_citing_papers", "paper_cited_by", "paper_references", "shared_references"]


async def paper_references(
    reader: GraphReader, *, ids: Sequence[str], offset: int = 0, first: int = 20
) -> dict[str, Page[PaperView]]:
    """For each paper (canonical ids), one page of the papers in the graph it cites, newest
    first (``total`` counts them all; works not loaded are not among them)."""
    rows = await fetch(reader, "paper_references", ids=list(ids), skip=offset, first=first)
    return {r["id"]: to_page(r, to_paper, offset=offset) for r in rows}


async def paper_cited_by(
    reader: GraphReader, *, ids: Sequence[str], offset: int = 0, first: int = 20
) -> dict[str, Page[PaperView]]:
    """For each paper (canonical ids), one page of the papers in the graph citing it, newest
    first."""
    rows = await fetch(reader, "paper_cited_by", ids=list(ids), skip=offset, first=first)
    return {r["id"]: to_page(r, to_paper, offset=offset) for r in rows}


def shared_references(rows: Iterable[Row]) -> tuple[CitedWorkView, ...]:
    """The works two related papers both cite, heaviest (least cited) first."""
    ordered = sorted(rows, key=lambda r: (-float(r["weight"]), r["id"]))
    return tuple(
        CitedWorkView(id=r["id"], paper=to_paper(r["paper"]) if r["paper"] else None)
        for r in ordered
    )


def co_citing_papers(rows: Iterable[Row]) -> tuple[PaperView, ...]:
    """The papers citing both of two related papers, heaviest (citing fewest) first."""
    ordered = sorted(rows, key=lambda r: (-float(r["weight"]), r["paper"]["id"]))
    return tuple(to_paper(r["paper"]) for r in ordered)
