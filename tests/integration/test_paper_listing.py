"""The papers listing with no search, concept, method or author: its orders, filters and pages,
and that a page reads about as many papers as it shows, not the graph (real Neo4j)."""

from __future__ import annotations

from typing import Any

import pytest
from _profile import db_hits
from neo4j import AsyncDriver

from graph.cypher import query
from graph.models import PaperOrder
from graph.queries import GraphReader, find_papers
from graph.schema import ensure_schema
from graph.writes import PaperRow, upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j


def _paper(pid: str, title: str | None, year: int | None, venue: str | None) -> PaperRow:
    return PaperRow(
        id=pid,
        source_id=True,
        match_key=f"mk-{pid}",
        content_hash=f"h-{pid}",
        abstract=f"Abstract of {pid}.",
        label=title or f"Label of {pid}",
        source="test",
        extractor="hand",
        title=title,
        year=year,
        venue=venue,
    )


# Titles that differ only by case tie, as do undated papers: ties go newest first, then by id.
PAPERS = [
    _paper("p-a", "beta networks", 2024, "ICLR"),
    _paper("p-b", "Alpha graphs", 2023, "ICLR"),
    _paper("p-c", "alpha graphs", 2024, "NeurIPS"),
    _paper("p-d", None, 2022, None),  # listed by its label, "Label of p-d"
    _paper("p-e", "Delta", None, "ICLR"),
    _paper("p-f", "delta", None, None),
    _paper("p-g", "ALPHA GRAPHS", 2024, "ICLR"),
]
ORDERS = list(PaperOrder)
FILTERS = [
    {},
    {"year": 2024},
    {"venue": "ICLR"},
    {"venue": "ICLR", "year": 2024},
    {"year": 1999},
    {"venue": "nowhere"},
]


@pytest.fixture
async def reader(driver: AsyncDriver, neo4j_settings: Settings) -> GraphReader:
    await upsert_papers(driver, database=neo4j_settings.neo4j_database, papers=PAPERS)
    return GraphReader(driver=driver, settings=neo4j_settings)


async def _ids(reader: GraphReader, **kwargs: Any) -> list[str]:
    return [p.id for p in (await find_papers(reader, first=100, **kwargs)).items]


async def test_title_order_ignores_case_and_breaks_ties_newest_first(reader: GraphReader) -> None:
    assert await _ids(reader, order=PaperOrder.TITLE) == [
        "p-c", "p-g", "p-b", "p-a", "p-e", "p-f", "p-d"
    ]  # fmt: skip
    assert await _ids(reader, order=PaperOrder.TITLE, year=2024) == ["p-c", "p-g", "p-a"]
    assert await _ids(reader, order=PaperOrder.TITLE, venue="ICLR") == ["p-g", "p-b", "p-a", "p-e"]


async def test_undated_papers_come_last_in_either_year_order(reader: GraphReader) -> None:
    newest = ["p-a", "p-c", "p-g", "p-b", "p-d", "p-e", "p-f"]
    assert await _ids(reader, order=PaperOrder.YEAR_DESC) == newest
    assert await _ids(reader) == newest  # RELEVANCE has no score without a search: newest first
    assert await _ids(reader, order=PaperOrder.YEAR_ASC) == [
        "p-d", "p-b", "p-a", "p-c", "p-g", "p-e", "p-f"
    ]  # fmt: skip
    assert await _ids(reader, order=PaperOrder.YEAR_ASC, venue="ICLR") == [
        "p-b", "p-a", "p-g", "p-e"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("filters", "total"),
    [
        ({}, 7),
        ({"year": 2024}, 3),
        ({"venue": "ICLR"}, 4),
        ({"venue": "ICLR", "year": 2024}, 2),
        ({"year": 0}, 0),  # undated papers are not papers of year 0
        ({"venue": "ICLR", "year": 0}, 0),
        ({"year": 1999}, 0),
    ],
)
async def test_filtered_totals_count_the_matching_papers(
    reader: GraphReader, filters: dict[str, Any], total: int
) -> None:
    for order in ORDERS:
        page = await find_papers(reader, order=order, first=100, **filters)
        assert page.total == total and len(page.items) == total


@pytest.mark.parametrize("filters", FILTERS, ids=str)
async def test_pages_of_any_size_walk_the_same_list(
    reader: GraphReader, filters: dict[str, Any]
) -> None:
    for order in ORDERS:
        whole = await _ids(reader, order=order, **filters)
        walked: list[str] = []
        while len(walked) < len(whole) + 2:  # one step past the end must be empty
            page = await find_papers(reader, order=order, offset=len(walked), first=2, **filters)
            if not page.items:
                break
            walked += [p.id for p in page.items]
        assert walked == whole


async def test_a_rewritten_paper_moves_to_its_new_place(
    reader: GraphReader, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """The keys the listing is ordered by follow the write path, not only the first write."""
    database = neo4j_settings.neo4j_database
    retitled = _paper("p-d", "Aardvark", 2025, None)
    await upsert_papers(driver, database=database, papers=[retitled])
    assert (await _ids(reader, order=PaperOrder.TITLE))[0] == "p-d"
    assert (await _ids(reader, order=PaperOrder.YEAR_DESC))[0] == "p-d"
    assert (await _ids(reader, order=PaperOrder.YEAR_ASC))[-3:] == ["p-d", "p-e", "p-f"]
    assert await _ids(reader, year=2025) == ["p-d"]


OLDER_GRAPH = """
UNWIND $papers AS row
CREATE (:Paper {id: row.id, title: row.title, label: row.label, year: row.year, venue: row.venue,
                abstract: 'An abstract.', altIds: [row.id]})
"""


async def test_a_graph_written_before_the_sort_keys_is_listed_whole_once_its_schema_is_ensured(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """Papers as an older papergraph wrote them, with no sort keys: ``init-db`` or the next load
    (both ensure the schema) gives them their keys."""
    database = neo4j_settings.neo4j_database
    papers = [
        {"id": "old-1", "title": "Zebra", "label": "Zebra", "year": None, "venue": "V"},
        {"id": "old-2", "title": None, "label": "apple", "year": 2020, "venue": "V"},
        {"id": "old-3", "title": "Mango", "label": "Mango", "year": 2021, "venue": None},
    ]
    await driver.execute_query(OLDER_GRAPH, papers=papers, database_=database)
    # nor the index whose existence says the keys were filled
    await driver.execute_query("DROP INDEX paper_venue_year_title", database_=database)
    await ensure_schema(driver, database=database)
    reader = GraphReader(driver=driver, settings=neo4j_settings)
    assert await _ids(reader, order=PaperOrder.TITLE) == ["old-2", "old-3", "old-1"]
    assert await _ids(reader, order=PaperOrder.YEAR_DESC) == ["old-3", "old-2", "old-1"]
    assert await _ids(reader, order=PaperOrder.YEAR_ASC, venue="V") == ["old-2", "old-1"]
    # done once: the next ensure_schema (every load runs one) reads no paper
    await driver.execute_query(
        OLDER_GRAPH, papers=[{**papers[0], "id": "old-4"}], database_=database
    )
    await ensure_schema(driver, database=database)
    assert "old-4" not in await _ids(reader, order=PaperOrder.TITLE)


# --- what a page costs --------------------------------------------------------------------------

MANY = 2000
#: Far fewer than the graph's papers: a statement reading (or sorting) every paper costs
#: several database hits per paper, one reading a page off an index a few per paper shown.
PAGE_HITS = 250
#: Most papers are in one big year and venue; the filters below pick the small ones.
BIG_AND_SMALL = """
UNWIND range(1, $many) AS i
CREATE (p:Paper {id: 'w' + i, title: 'Work ' + (i * 7919 % $many), label: 'Work', abstract: 'A.',
                 altIds: [], year: CASE WHEN i % 100 = 0 THEN 2020 ELSE 2019 END,
                 venue: CASE WHEN i % 100 = 0 THEN 'small' ELSE 'big' END})
SET p.sortTitle = toLower(p.title), p.sortNewest = -p.year, p.sortOldest = p.year
"""
SHAPES = [
    ("find_papers", {"venue": None, "year": None}),
    ("find_papers", {"venue": None, "year": 2020}),
    ("find_papers_in_venue", {"venue": "small", "year": None}),
    ("find_papers_in_venue", {"venue": "small", "year": 2020}),
    ("find_papers_in_venue", {"venue": "big", "year": 2020}),
]


async def test_a_page_reads_about_the_papers_it_shows_not_the_graph(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """Unfiltered, or filtered to a small year or venue, a page of 10 after 20 costs far less
    than the graph's 2,000 papers in every order: read in order off an index, counted without
    reading a paper."""
    database = neo4j_settings.neo4j_database
    await driver.execute_query(BIG_AND_SMALL, many=MANY, database_=database)
    await ensure_schema(driver, database=database)
    # plan on statistics of this graph, as a server that has held it a while does (an index
    # the test before recreated may still carry the statistics of its three papers)
    await driver.execute_query("CALL db.prepareForReplanning()", database_=database)
    for name, filters in SHAPES:
        for order in ORDERS:
            params = {**filters, "orderBy": order.value, "skip": 20, "first": 10}
            _, summary, _ = await driver.execute_query(
                "PROFILE " + query(name), params, database_=database
            )
            assert summary.profile is not None
            assert db_hits(summary.profile) < PAGE_HITS, (name, filters, order)
