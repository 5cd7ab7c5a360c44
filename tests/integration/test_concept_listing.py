"""papers(concept:) unfiltered, read in order off the mention_* indexes: every order gives the
list a plain sort of the concept's papers gives, page by page; a page of a concept many papers
mention reads about the page; and the keys each mention carries for it follow the write path
and are filled in on a graph written before them (real Neo4j)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from _listing import (
    SORT_KEYS,
    TIES,
    Listed,
    check_filled_once_ensured,
    check_orders_and_pages,
    copied,
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
from graph.schema import ensure_schema
from graph.writes import MentionRow, PaperRow, upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j


@dataclass(frozen=True)
class Hot(Listed):
    """A paper mentioning the concept ``hot`` with ``score``."""

    def row(self, *, venue: str = "V") -> PaperRow:
        mention = MentionRow(
            key="hot", name="hot", aliases=("hot",), score=self.score, rank=1, source="keybert"
        )
        return self.paper_row(venue=venue, mentions=(mention,))


HOT = [Hot(f"h{number}", *paper) for number, *paper in TIES]
STALE_MENTIONS = stale_statement("(p:Paper)-[r:MENTIONS]->(a:Concept)", "conceptKey")
listed = lister(concept="hot")


async def stale(driver: AsyncDriver, settings: Settings) -> list[str]:
    return await paper_ids(driver, settings, STALE_MENTIONS)


@pytest.fixture
async def reader(driver: AsyncDriver, neo4j_settings: Settings) -> GraphReader:
    await write(driver, neo4j_settings, HOT)
    return GraphReader(driver=driver, settings=neo4j_settings)


# --- the keys each mention carries ----------------------------------------------------------


async def test_a_rewritten_paper_moves_to_its_new_place_under_its_concept(
    reader: GraphReader, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """A reload with another score, year and title, and a new paper, are listed where a plain
    sort puts them: the copies on the mentions follow the paper."""
    assert await stale(driver, neo4j_settings) == []
    now = [replace(HOT[6], title="Aardvark", year=2025, score=0.1), Hot("h12", "omega", 2021, 0.9)]
    await write(driver, neo4j_settings, now)
    papers = [p for p in HOT if p.id != "h07"] + now
    assert await stale(driver, neo4j_settings) == []
    for order in PaperOrder:
        assert await listed(reader, order) == expected(papers, order), order


async def test_a_graph_written_before_the_mention_keys_is_listed_whole_once_ensured(
    reader: GraphReader, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """Mentions as an older papergraph wrote them, without the keys and their indexes:
    ``init-db`` or the next load (both ensure the schema) gives them their keys."""
    await check_filled_once_ensured(
        reader,
        driver,
        neo4j_settings,
        HOT,
        edges=":MENTIONS",
        key="conceptKey",
        index="mention_title",
        concept="hot",
    )


async def test_once_the_mention_indexes_exist_ensuring_the_schema_reads_no_mention(
    reader: GraphReader, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """The fill runs only while an index is missing, so a start-up costs a schema query, not a
    read of every mention (a mention without keys is then one no write path made)."""
    database = neo4j_settings.neo4j_database
    await driver.execute_query(
        f"MATCH ()-[m:MENTIONS]->() REMOVE {copied('m', 'conceptKey')}", database_=database
    )
    await ensure_schema(driver, database=database)
    assert len(await stale(driver, neo4j_settings)) == len(HOT)


# --- the listing ----------------------------------------------------------------------------


@pytest.mark.parametrize("order", list(PaperOrder))
async def test_every_order_is_the_plain_sort_and_pages_walk_it(
    reader: GraphReader, order: PaperOrder
) -> None:
    await check_orders_and_pages(reader, HOT, order, concept="hot")


MANY = 1500
#: Far fewer than the concept's 1,500 mentions: a statement reading (or sorting) them all costs
#: several database hits each, one reading a page off an index a few per paper shown.
PAGE_HITS = 250


async def test_a_page_of_a_concept_many_papers_mention_reads_about_the_page(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """Unfiltered, a page of 10 after 20 of a concept 1,500 papers mention, and of one 3 papers
    mention, costs far less than the big concept's mentions in every order."""
    database = neo4j_settings.neo4j_database
    many = [
        Hot(f"m{i:04}", f"Work {i * 7919 % MANY}", 2000 + i % 25, (i % 7) / 7) for i in range(MANY)
    ]
    await write(driver, neo4j_settings, many)
    rare = [
        replace(p.row(), mentions=(replace(p.row().mentions[0], key="rare"),)) for p in many[:3]
    ]
    await upsert_papers(driver, database=database, papers=rare)
    for concept, total in (("hot", MANY - 3), ("rare", 3)):
        for order in PaperOrder:
            params = {"concept": concept, "year": None, "venue": None, "method": None}
            params |= {"author": None, "orderBy": order.value, "skip": 20, "first": 10}
            records, summary, _ = await driver.execute_query(
                "PROFILE " + query("find_papers_by_concept"), params, database_=database
            )
            assert records[0]["total"] == total
            assert summary.profile is not None
            assert db_hits(summary.profile) < PAGE_HITS, (concept, order)


#: A filtered page sorts the papers that pass: it reads each candidate a few times, from the
#: year's or the method's papers (60 and 5 here); reading the concept's 1,500 mentions costs
#: several hits each.
FILTERED_HITS = 1000
#: The papers of a method few papers use: every 300th.
RARE_METHOD = """
MERGE (x:Method {key: 'rare-method'}) SET x.name = 'RareMethod'
WITH x
MATCH (p:Paper) WHERE toInteger(substring(p.id, 1)) % 300 = 0
CREATE (p)-[:USES {score: 0.5}]->(x)
RETURN count(p) AS users
"""


async def test_a_filtered_page_of_a_hot_concept_reads_the_fewest_candidates(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """With a year (60 of the concept's 1,500 papers) or a method 5 of them use, a page costs
    about those papers, and lists what a plain filter and sort of every mention lists."""
    database = neo4j_settings.neo4j_database
    many = [
        Hot(f"m{i:04}", f"Work {i * 7919 % MANY}", 2000 + i % 25, (i % 7) / 7) for i in range(MANY)
    ]
    await write(driver, neo4j_settings, many)
    records, _, _ = await driver.execute_query(RARE_METHOD, database_=database)
    users = {p.id for p in many if int(p.id[1:]) % 300 == 0}
    assert records[0]["users"] == len(users) == 5
    shapes = [
        ({"year": 2003, "method": None}, [p for p in many if p.year == 2003]),
        ({"year": None, "method": "rare-method"}, [p for p in many if p.id in users]),
        (
            {"year": 2000, "method": "rare-method"},
            [p for p in many if p.id in users and p.year == 2000],
        ),
    ]
    for filters, passing in shapes:
        for order in PaperOrder:
            params = {"concept": "hot", "venue": None, **filters}
            params |= {"orderBy": order.value, "skip": 2, "first": 3}
            records, summary, _ = await driver.execute_query(
                "PROFILE " + query("find_papers_by_concept"), params, database_=database
            )
            want = sorted(passing, key=SORT_KEYS[order])
            assert records[0]["total"] == len(want), (filters, order)
            assert [p["id"] for p in records[0]["page"]] == [p.id for p in want[2:5]]
            assert summary.profile is not None
            hits = db_hits(summary.profile)
            assert hits < FILTERED_HITS, (filters, order, hits)
