"""papers(method:) unfiltered, read in order off the use_* and proposal_* indexes: every order
gives the list a plain sort of the method's papers gives, page by page, whether they propose or
use it; a page of a method many papers use reads about the page; and the keys each edge
carries for it follow the write path and are filled in on a graph written before them (real
Neo4j)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from _listing import (
    TIES,
    Listed,
    check_filled_once_ensured,
    check_orders_and_pages,
    expected,
    lister,
    paper_ids,
    stale_statement,
    write,
)
from _profile import db_hits
from neo4j import AsyncDriver

from graph.cypher import query
from graph.models import PaperOrder
from graph.queries import GraphReader
from graph.writes import MethodRow, PaperRow, upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j


@dataclass(frozen=True)
class User(Listed):
    """A paper proposing (``proposes``) or using the method ``hot`` with ``score``."""

    proposes: bool = False

    def row(self, *, method: str = "hot") -> PaperRow:
        kind = "PROPOSES" if self.proposes else "USES"
        hot = MethodRow(key=method, name="Hot", aliases=(), score=self.score, kind=kind)
        return self.paper_row(methods=(hot,))


#: The ties across the two edge types: some papers propose the method, the others use it.
USERS = [
    User(f"u{number}", *paper, proposes=number in {"01", "04", "06", "11"})
    for number, *paper in TIES
]
STALE_EDGES = stale_statement("(p:Paper)-[r:PROPOSES|USES]->(a:Method)", "methodKey")
listed = lister(method="hot")


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
    await check_filled_once_ensured(
        reader,
        driver,
        neo4j_settings,
        USERS,
        edges=":PROPOSES|USES",
        key="methodKey",
        index="proposal_title",
        method="hot",
    )


# --- the listing ------------------------------------------------------------------------------


@pytest.mark.parametrize("order", list(PaperOrder))
async def test_every_order_is_the_plain_sort_and_pages_walk_it(
    reader: GraphReader, order: PaperOrder
) -> None:
    await check_orders_and_pages(reader, USERS, order, method="hot")


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
