"""Topic.papers pages and Topic.trend, read off the has_topic_rank index and the per-year counts
kept on each Topic, always equal what the HAS_TOPIC edges say (computed directly in Cypher):
after a recompute, a later load that relinks papers (one of them moved to another year), a
resolution pass's relink and a paper's deletion."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from _api import data
from _rows import paper_mentioning
from _topics import THEMES, topic_client
from neo4j import AsyncDriver

from graph.cypher import query
from graph.schema import ensure_schema
from graph.topics import relink_papers
from graph.writes import PaperRow, delete_paper, upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

PAGE = 4

EDGE_PAGE = (
    "MATCH (p:Paper)-[h:HAS_TOPIC]->(:Topic {id: $id}) "
    "RETURN p.id AS id ORDER BY h.weight DESC, p.id SKIP $skip LIMIT $first"
)
EDGE_TREND = (
    "MATCH (p:Paper)-[:HAS_TOPIC]->(:Topic {id: $id}) WHERE p.year IS NOT NULL "
    "RETURN p.year AS year, count(*) AS papers ORDER BY year"
)
STORED_TREND = "MATCH (t:Topic {id: $id}) RETURN t.trendYears AS years, t.trendPapers AS papers"
YEAR_TOTALS = "MATCH (p:Paper) WHERE p.year IS NOT NULL RETURN p.year AS year, count(*) AS n"


def corpus() -> list[PaperRow]:
    """Twelve papers a theme over three years, every third mentioning all four of its concepts
    and the others three (so weights differ and tie), and one paper bridging two themes."""
    rows = []
    for theme, keys in THEMES.items():
        for i in range(12):
            chosen = keys if i % 3 == 0 else [k for j, k in enumerate(keys) if j != i % 4]
            rows.append(paper_mentioning(f"{theme}-{i}", chosen, year=(2021, 2024, 2025)[i // 4]))
    rows.append(paper_mentioning("bridge", [THEMES["graph"][0], THEMES["text"][0]], year=2024))
    return rows


@pytest.fixture
async def client(driver: AsyncDriver, neo4j_settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async with topic_client(driver, neo4j_settings, corpus()) as http:
        yield http


async def topic_ids(client: httpx.AsyncClient) -> list[str]:
    found = await data(client, "{ topics(first: 10) { edges { node { id } } } }")
    return [e["node"]["id"] for e in found["topics"]["edges"]]


async def served(client: httpx.AsyncClient, topic: str, after: str | None) -> tuple[Any, Any]:
    cursor = f', after: "{after}"' if after else ""
    found = await data(
        client,
        f'{{ topic(id: "{topic}") {{ papers(first: {PAGE}{cursor}) {{ totalCount '
        "edges { node { id } } pageInfo { hasNextPage endCursor } } "
        "trend { year papers total } } }",
    )
    return found["topic"]["papers"], found["topic"]["trend"]


async def rows(driver: AsyncDriver, database: str, statement: str, **params: Any) -> list[Any]:
    records, _, _ = await driver.execute_query(statement, params, database_=database)
    return [r.data() for r in records]


async def assert_as_the_edges_say(
    client: httpx.AsyncClient, driver: AsyncDriver, database: str
) -> None:
    """Every topic's pages and trend, as served, against the edges read directly."""
    totals = {r["year"]: r["n"] for r in await rows(driver, database, YEAR_TOTALS)}
    for topic in await topic_ids(client):
        trend = await rows(driver, database, EDGE_TREND, id=topic)
        (stored,) = await rows(driver, database, STORED_TREND, id=topic)
        assert dict(zip(stored["years"], stored["papers"], strict=True)) == {
            r["year"]: r["papers"] for r in trend
        }  # the counts kept on the node
        edges = [r["id"] for r in await rows(driver, database, EDGE_PAGE, id=topic, skip=0,
                                             first=1000)]  # fmt: skip
        seen: list[str] = []
        after: str | None = None
        while True:
            page, served_trend = await served(client, topic, after)
            assert page["totalCount"] == len(edges)
            seen += [e["node"]["id"] for e in page["edges"]]
            if not page["pageInfo"]["hasNextPage"]:
                break
            after = page["pageInfo"]["endCursor"]
        assert seen == edges  # every page in weight order, ties by id
        by_year = {r["year"]: r["papers"] for r in trend}
        assert [(t["year"], t["papers"], t["total"]) for t in served_trend] == [
            (year, by_year.get(year, 0), n) for year, n in sorted(totals.items())
        ]


async def test_after_a_recompute(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await assert_as_the_edges_say(client, driver, neo4j_settings.neo4j_database)


async def test_after_a_load_that_relinks_papers(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    graph, text = THEMES["graph"], THEMES["text"]
    later = [
        paper_mentioning("late", graph, year=2026),  # a new year
        paper_mentioning("graph-0", text[:3], year=2021),  # moved to the other topic
        paper_mentioning("text-4", text, year=2021),  # moved to another year, weight up
    ]
    await upsert_papers(driver, database=database, papers=later)
    await assert_as_the_edges_say(client, driver, database)


async def test_after_a_relink_and_a_delete(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    # a pass that drops mentions after the write (as a resolution pass may) relinks the papers
    await driver.execute_query(
        "MATCH (:Paper {id: 'bridge'})-[m:MENTIONS]->(:Concept {key: 'language model'}) DELETE m",
        database_=database,
    )
    assert await relink_papers(driver, database=database, match_keys=["mk-bridge"]) == 1
    await assert_as_the_edges_say(client, driver, database)
    assert await delete_paper(driver, database=database, paper_id="graph-1") == "graph-1"
    assert await delete_paper(driver, database=database, paper_id="bridge") == "bridge"
    await assert_as_the_edges_say(client, driver, database)


async def test_a_page_reads_the_topic_edges_in_index_order(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    topic = (await topic_ids(client))[0]
    _, summary, _ = await driver.execute_query(
        "EXPLAIN " + query("topic_papers"),
        ids=[topic],
        skip=0,
        first=PAGE,
        database_=neo4j_settings.neo4j_database,
    )
    operators = dict(operators_of(summary.plan))
    # A seek, or (when the index's sampled statistics are young, as after many small test
    # graphs) a scan of the index in its order: either way the index, not every edge of the
    # topic expanded and sorted.
    read = operators.get("DirectedRelationshipIndexSeek") or operators.get(
        "DirectedRelationshipIndexScan", ""
    )
    assert "HAS_TOPIC(topicId, weight)" in read
    assert "PartialTop" in operators  # only the ties are sorted
    assert not {"Sort", "Top", "Expand(All)"} & set(operators)


def operators_of(plan: dict[str, Any]) -> list[tuple[str, str]]:
    """``(operator, details)`` of every step of an EXPLAIN plan."""
    own = (plan["operatorType"].split("@")[0], str(plan["args"].get("Details", "")))
    return [own, *(step for child in plan.get("children", []) for step in operators_of(child))]


async def test_topics_linked_without_counts_are_recomputed_once_the_schema_is_ensured(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    # as links written before the counts were kept (no topicId, no year, no counts, no index)
    for statement in (
        "MATCH (t:Topic) REMOVE t.trendYears, t.trendPapers WITH t "
        "MATCH (t)<-[h:HAS_TOPIC]-(:Paper {id: 'graph-3'}) REMOVE h.topicId, h.year",
        "DROP INDEX has_topic_rank",
    ):
        await driver.execute_query(statement, database_=database)
    await ensure_schema(driver, database=database)  # init-db and every load ensure it
    assert not await rows(
        driver, database, "MATCH ()-[h:HAS_TOPIC]->() WHERE h.topicId IS NULL RETURN h"
    )
    await assert_as_the_edges_say(client, driver, database)
