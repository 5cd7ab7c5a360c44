"""papers(method:) unfiltered, read in order off the use_* and proposal_* indexes: every order
gives the list a plain sort of the method's papers gives, page by page, whether they propose or
use it; a page of a method many papers use reads about the page; and the keys each edge
carries for it follow the write path and are filled in on a graph written before them (real
Neo4j)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pytest
from _listing import expected, paper_ids, walk, write
from _profile import db_hits
from neo4j import AsyncDriver

from graph.config import Settings
from graph.cypher import query
from graph.models import PaperOrder
from graph.queries import GraphReader, find_papers
from graph.schema import ensure_schema
from graph.writes import MethodRow, PaperRow, upsert_papers

pytestmark = pytest.mark.neo4j


@dataclass(frozen=True)
class User:
    """A paper proposing (``proposes``) or using the method ``hot`` with ``score``."""

    id: str
    title: str | None
    year: int | None
    score: float
    proposes: bool = False

    @property
    def label(self) -> str:
        return f"Label of {self.id}"

    def row(self, *, method: str = "hot") -> PaperRow:
        kind = "PROPOSES" if self.proposes else "USES"
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
            venue="V",
            methods=(MethodRow(key=method, name="Hot", aliases=(), score=self.score, kind=kind),),
        )


# Ties everywhere the orders break them, across the two edge types: scores (u01, u02, u03),
# score and year (u01, u03; u06, u10), titles but for case (u02, u03, u06; u01, u10), undated
# papers (u04, u05), a paper listed by its label (u04).
USERS = [
    User("u01", "beta", 2024, 0.9, proposes=True),
    User("u02", "Alpha", 2023, 0.9),
    User("u03", "alpha", 2024, 0.9),
    User("u04", None, None, 0.5, proposes=True),
    User("u05", "delta", None, 0.5),
    User("u06", "ALPHA", 2024, 0.7, proposes=True),
    User("u07", "zeta", 2022, 1.0),
    User("u10", "Beta", 2024, 0.7),
    User("u11", "epsilon", 2023, 0.25, proposes=True),
]
#: An edge whose keys are not its method's key, its score negated and its paper's sort keys.
STALE_EDGES = """
MATCH (p:Paper)-[r:PROPOSES|USES]->(m:Method)
WHERE NOT coalesce(r.methodKey = m.key AND r.sortScore = -r.score
                   AND r.sortNewest = p.sortNewest AND r.sortOldest = p.sortOldest
                   AND r.sortTitle = p.sortTitle AND r.paperId = p.id, false)
RETURN p.id AS id
"""
EDGE_KEYS = "methodKey, r.sortScore, r.sortNewest, r.sortOldest, r.sortTitle, r.paperId"


async def listed(reader: GraphReader, order: PaperOrder, **filters: Any) -> list[str]:
    page = await find_papers(reader, method="hot", order=order, first=100, **filters)
    return [p.id for p in page.items]


async def stale(driver: AsyncDriver, settings: Settings) -> list[str]:
    return await paper_ids(driver, settings, STALE_EDGES)


@pytest.fixture
async def reader(driver: AsyncDriver, neo4j_settings: Settings) -> GraphReader:
    await write(driver, neo4j_settings, USERS)
    return GraphReader(driver=driver, settings=neo4j_settings)


# --- the keys each edge carries ---------------------------------------------------------------


async def test_a_rewritten_paper_moves_to_its_new_place_under_its_method(
    reader: GraphReader, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """A reload with another score, year, title and edge type, and a new paper, are listed
    where a plain sort puts them: the copies on the edges follow the paper."""
    assert await stale(driver, neo4j_settings) == []
    now = [
        replace(USERS[6], title="Aardvark", year=2025, score=0.1, proposes=True),
        User("u12", "omega", 2021, 0.9),
    ]
    await write(driver, neo4j_settings, now)
    papers = [p for p in USERS if p.id != "u07"] + now
    assert await stale(driver, neo4j_settings) == []
    for order in PaperOrder:
        assert await listed(reader, order) == expected(papers, order), order


async def test_a_graph_written_before_the_edge_keys_is_listed_whole_once_ensured(
    reader: GraphReader, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """Edges as an older papergraph wrote them, without the keys and their indexes: ``init-db``
    or the next load (both ensure the schema) gives them their keys."""
    database = neo4j_settings.neo4j_database
    for statement in (
        f"MATCH ()-[r:PROPOSES|USES]->() REMOVE r.{EDGE_KEYS}",
        "DROP INDEX proposal_title",
    ):
        await driver.execute_query(statement, database_=database)
    assert len(await stale(driver, neo4j_settings)) == len(USERS)
    await ensure_schema(driver, database=database)
    assert await stale(driver, neo4j_settings) == []
    for order in PaperOrder:
        assert await listed(reader, order) == expected(USERS, order), order


# --- the listing ------------------------------------------------------------------------------


@pytest.mark.parametrize("order", list(PaperOrder))
async def test_every_order_is_the_plain_sort_and_pages_walk_it(
    reader: GraphReader, order: PaperOrder
) -> None:
    whole = expected(USERS, order)
    assert await listed(reader, order) == whole
    # a venue every paper has takes the statement's filtered road, which sorts the edges
    assert await listed(reader, order, venue="V") == whole
    for size in (2, 3):
        walked = await walk(reader, order, size, most=len(whole), method="hot")
        assert walked == (whole, {len(USERS)})


MANY = 1500
#: Far fewer than the method's 1,500 edges: a statement reading (or sorting) them all costs
#: several database hits each, one reading a page off the two indexes a few per paper shown.
PAGE_HITS = 400


async def test_a_page_of_a_method_many_papers_use_reads_about_the_page(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """Unfiltered, a page of 10 after 20 of a method 1,500 papers propose or use, and of one 3
    papers use, costs far less than the big method's edges in every order, and is the page a
    plain sort gives."""
    database = neo4j_settings.neo4j_database
    many = [
        User(f"m{i:04}", f"Work {i * 7919 % MANY}", 2000 + i % 25, (i % 7) / 7, i % 5 == 0)
        for i in range(MANY)
    ]
    await write(driver, neo4j_settings, many)
    rare = [p.row(method="rare") for p in many[:3]]
    await upsert_papers(driver, database=database, papers=rare)
    for method, users in (("hot", many[3:]), ("rare", many[:3])):
        for order in PaperOrder:
            params = {"method": method, "year": None, "venue": None}
            params |= {"orderBy": order.value, "skip": 20, "first": 10}
            records, summary, _ = await driver.execute_query(
                "PROFILE " + query("find_papers_by_method"), params, database_=database
            )
            assert records[0]["total"] == len(users)
            page = [p["id"] for p in records[0]["page"]]
            assert page == expected(users, order)[20:30], (method, order)
            assert summary.profile is not None
            assert db_hits(summary.profile) < PAGE_HITS, (method, order)
