"""What the listing tests (papers(concept:), papers(method:)) share: papers tied everywhere the
orders break ties, the orders as a plain sort defines them, the copies each edge keeps of its
anchor's key and its paper's sort keys, and writing and reading the papers they list."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from neo4j import AsyncDriver

from graph.models import PaperOrder
from graph.queries import GraphReader, find_papers
from graph.schema import ensure_schema
from graph.writes import PaperRow, upsert_papers
from papergraph.settings import Settings


@dataclass(frozen=True)
class Listed(ABC):
    """A paper under the listed concept or method, with its edge's score."""

    id: str
    title: str | None
    year: int | None
    score: float

    @property
    def label(self) -> str:
        return f"Label of {self.id}"

    @abstractmethod
    def row(self) -> PaperRow:
        """The paper as the loader writes it, with its edge to the listed anchor."""

    def paper_row(self, *, venue: str = "V", **edges: Any) -> PaperRow:
        """The paper's row with ``edges`` (``mentions=`` or ``methods=``)."""
        return PaperRow(
            id=self.id,
            source_id=True,
            match_key=f"mk-{self.id}",
            content_hash=f"h-{self.id}",
            abstract=f"Abstract of {self.id}.",
            label=self.title or self.label,
            source="test",
            extractor="hand",
            title=self.title,
            year=self.year,
            venue=venue,
            **edges,
        )


#: ``(number, title, year, score)`` of papers tied everywhere the orders break ties: scores
#: (01, 02, 03), score and year (01, 03; 06, 10), titles but for case (02, 03, 06; 01, 10),
#: undated papers (04, 05), a paper listed by its label (04).
TIES: tuple[tuple[str, str | None, int | None, float], ...] = (
    ("01", "beta", 2024, 0.9),
    ("02", "Alpha", 2023, 0.9),
    ("03", "alpha", 2024, 0.9),
    ("04", None, None, 0.5),
    ("05", "delta", None, 0.5),
    ("06", "ALPHA", 2024, 0.7),
    ("07", "zeta", 2022, 1.0),
    ("10", "Beta", 2024, 0.7),
    ("11", "epsilon", 2023, 0.25),
)
#: What an edge copies beside its anchor's key: its score negated and its paper's sort keys.
COPIES = ("sortScore", "sortNewest", "sortOldest", "sortTitle", "paperId")

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


def copied(edge: str, key: str) -> str:
    """The properties ``edge`` (a variable) keeps for the listing, its anchor's ``key`` first."""
    return ", ".join(f"{edge}.{name}" for name in (key, *COPIES))


def stale_statement(pattern: str, key: str) -> str:
    """The papers with an edge ``r`` of ``pattern`` (``(p:Paper)-[r:…]->(a:…)``) whose copies
    are not its anchor ``a``'s key in ``key``, its score negated and its paper's sort keys."""
    return f"""
MATCH {pattern}
WHERE NOT coalesce(r.{key} = a.key AND r.sortScore = -r.score
                   AND r.sortNewest = p.sortNewest AND r.sortOldest = p.sortOldest
                   AND r.sortTitle = p.sortTitle AND r.paperId = p.id, false)
RETURN p.id AS id
"""


def lister(**anchor: str) -> Callable[..., Awaitable[list[str]]]:
    """Reads the ids of the first 100 papers under ``anchor`` (``concept=`` or ``method=``) in
    an order, with any other filters."""

    async def listed(reader: GraphReader, order: PaperOrder, **filters: Any) -> list[str]:
        page = await find_papers(reader, order=order, first=100, **anchor, **filters)
        return [p.id for p in page.items]

    return listed


async def check_orders_and_pages(
    reader: GraphReader, papers: Sequence[Listed], order: PaperOrder, **anchor: str
) -> None:
    """The papers under ``anchor`` listed in ``order`` are the plain sort's, unfiltered and
    filtered by a venue every paper has (the statement's filtered road, which sorts the edges),
    and pages of 2 and of 3 walk that list with the right total."""
    listed = lister(**anchor)
    whole = expected(papers, order)
    assert await listed(reader, order) == whole
    assert await listed(reader, order, venue="V") == whole
    for size in (2, 3):
        walked = await walk(reader, order, size, most=len(whole), **anchor)
        assert walked == (whole, {len(papers)})


async def check_filled_once_ensured(
    reader: GraphReader,
    driver: AsyncDriver,
    settings: Settings,
    papers: Sequence[Listed],
    *,
    edges: str,
    key: str,
    index: str,
    **anchor: str,
) -> None:
    """Edges ``edges`` (a pattern binding ``r``) as an older papergraph wrote them, without
    their copies (anchor key ``key``) and the index ``index``: ensuring the schema, as
    ``init-db`` and every load do, gives each its copies, and every order lists them all."""
    database = settings.neo4j_database
    stale = stale_statement(f"(p:Paper)-[r{edges}]->(a)", key)
    for statement in (f"MATCH ()-[r{edges}]->() REMOVE {copied('r', key)}", f"DROP INDEX {index}"):
        await driver.execute_query(statement, database_=database)
    assert len(await paper_ids(driver, settings, stale)) == len(papers)
    await ensure_schema(driver, database=database)
    assert await paper_ids(driver, settings, stale) == []
    listed = lister(**anchor)
    for order in PaperOrder:
        assert await listed(reader, order) == expected(papers, order), order
