"""What the listing tests (papers(concept:), papers(method:)) share: the orders as a plain sort
defines them, and writing and reading the papers they list."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from neo4j import AsyncDriver

from graph.config import Settings
from graph.models import PaperOrder
from graph.queries import GraphReader, find_papers
from graph.writes import PaperRow, upsert_papers


class Listed(Protocol):
    """A paper under the listed concept or method, with its edge's score."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str | None: ...
    @property
    def year(self) -> int | None: ...
    @property
    def score(self) -> float: ...
    @property
    def label(self) -> str: ...
    def row(self) -> PaperRow: ...


#: The orders as a plain sort defines them: ties newest first (undated as year 0), then by id.
SORT_KEYS: dict[PaperOrder, Callable[[Listed], tuple[Any, ...]]] = {
    PaperOrder.RELEVANCE: lambda p: (-p.score, -(p.year or 0), p.id),
    PaperOrder.YEAR_DESC: lambda p: (-(p.year or 0), p.id),
    PaperOrder.YEAR_ASC: lambda p: (9999 if p.year is None else p.year, -(p.year or 0), p.id),
    PaperOrder.TITLE: lambda p: ((p.title or p.label).lower(), -(p.year or 0), p.id),
}


def expected(papers: Sequence[Listed], order: PaperOrder) -> list[str]:
    return [p.id for p in sorted(papers, key=SORT_KEYS[order])]


async def write(driver: AsyncDriver, settings: Settings, papers: Sequence[Listed]) -> None:
    rows = [p.row() for p in papers]
    await upsert_papers(driver, database=settings.neo4j_database, papers=rows)


async def paper_ids(driver: AsyncDriver, settings: Settings, statement: str) -> list[str]:
    """The ``id`` column of ``statement``'s rows."""
    records, _, _ = await driver.execute_query(statement, database_=settings.neo4j_database)
    return [r["id"] for r in records]


async def walk(
    reader: GraphReader, order: PaperOrder, size: int, *, most: int, **anchor: str
) -> tuple[list[str], set[int]]:
    """The ids of the pages of ``size`` under ``anchor`` (``concept=`` or ``method=``) in
    ``order``, page after page until an empty one (or past ``most`` ids), and the totals the
    pages gave."""
    ids: list[str] = []
    totals: set[int] = set()
    while len(ids) <= most:  # one step past the end must be empty
        page = await find_papers(reader, order=order, offset=len(ids), first=size, **anchor)
        totals.add(page.total)
        if not page.items:
            break
        ids += [p.id for p in page.items]
    return ids, totals
