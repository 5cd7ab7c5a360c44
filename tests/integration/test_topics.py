"""Topics on the real Neo4j: Louvain communities of the co-occurrence graph, checked against
igraph's Louvain run on the co-occurrence counted directly in Cypher; GraphQL and
`papergraph topics`."""

from __future__ import annotations

import asyncio
import math
import os
import subprocess
import sys
from collections.abc import AsyncIterator

import httpx
import igraph
import pytest
from _api import data
from _rows import paper_mentioning
from _topics import THEMES, topic_client
from neo4j import AsyncDriver

from graph.topics import REFRESH_GROWTH, refresh_topics, relink_papers, topics_due
from graph.writes import PaperRow, delete_paper, upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

COOCCURRENCE = (
    "MATCH (a:Concept)<-[:MENTIONS]-(p:Paper)-[:MENTIONS]->(b:Concept) WHERE a.key < b.key "
    "RETURN a.key AS a, b.key AS b, count(DISTINCT p) AS w"
)


def corpus() -> list[PaperRow]:
    """Twelve papers a theme, each mentioning three of its four concepts (a different one left
    out in turn) and the year 2021 or 2025; one paper bridges two themes."""
    rows = []
    for theme, keys in THEMES.items():
        for i in range(12):
            chosen = [k for j, k in enumerate(keys) if j != i % 4]
            rows.append(_paper(f"{theme}-{i}", chosen, 2021 if i < 6 else 2025))
    rows.append(_paper("bridge", [THEMES["graph"][0], THEMES["text"][0]], 2025))
    return rows


def _paper(pid: str, keys: list[str], year: int) -> PaperRow:
    return paper_mentioning(pid, keys, year=year)


@pytest.fixture
async def client(driver: AsyncDriver, neo4j_settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async with topic_client(driver, neo4j_settings, corpus()) as http:
        yield http


TOPICS = (
    "{ topics(first: 10) { totalCount edges { node { id name conceptCount paperCount "
    "concepts(first: 10) { key } } } } }"
)


async def test_topics_are_louvain_communities_of_the_cooccurrence_graph(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    records, _, _ = await driver.execute_query(
        COOCCURRENCE, database_=neo4j_settings.neo4j_database
    )
    graph = igraph.Graph.TupleList(sorted((r["a"], r["b"], r["w"]) for r in records), weights=True)
    found_by_igraph = graph.community_multilevel(weights="weight")
    expected = {frozenset(graph.vs[i]["name"] for i in c) for c in found_by_igraph}
    found = (await data(client, TOPICS))["topics"]
    nodes = [e["node"] for e in found["edges"]]
    assert found["totalCount"] == 3
    assert {frozenset(c["key"] for c in n["concepts"]) for n in nodes} == expected
    assert expected == {frozenset(keys) for keys in THEMES.values()}
    for node in nodes:
        central = [c["key"] for c in node["concepts"]]
        assert node["name"].split(" · ") == central[:3]  # named by its most central concepts
        assert node["id"] == f"topic:{central[0]}"
    graph_topic = next(n for n in nodes if "message passing" in n["name"] or
                       "graph neural network" in n["name"])  # fmt: skip
    assert graph_topic["paperCount"] == 13  # its twelve papers and the bridge


async def test_recomputing_gives_the_same_topics(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    before = await data(client, TOPICS)
    await refresh_topics(driver, database=neo4j_settings.neo4j_database)
    assert await data(client, TOPICS) == before


async def test_paper_topics_topic_papers_and_trend(client: httpx.AsyncClient) -> None:
    found = await data(
        client,
        '{ paper(id: "vision-3") { topics { id conceptCount } } '
        'bridge: paper(id: "bridge") { topics { id } } }',
    )
    (vision,) = found["paper"]["topics"]
    assert len(found["bridge"]["topics"]) == 2
    topic = await data(
        client,
        f'{{ topic(id: "{vision["id"]}") {{ papers(first: 50) {{ totalCount edges {{ node {{ id }} }} }} '
        "trend { year papers total share } } }",
    )
    papers = topic["topic"]["papers"]
    assert papers["totalCount"] == 12
    assert {e["node"]["id"] for e in papers["edges"]} == {f"vision-{i}" for i in range(12)}
    assert [(t["year"], t["papers"], t["total"]) for t in topic["topic"]["trend"]] == [
        (2021, 6, 18),
        (2025, 6, 19),
    ]
    assert (await data(client, '{ topic(id: "topic:nothing") { id } }'))["topic"] is None


def topics_cli(settings: Settings, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "NEO4J_URI": settings.neo4j_uri,
        "NEO4J_PASSWORD": settings.neo4j_auth()[1],
        "COLUMNS": "200",
    }
    command = [sys.executable, "-m", "papergraph", "topics", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


async def test_cli_lists_and_recomputes(
    client: httpx.AsyncClient, neo4j_settings: Settings
) -> None:
    listed = topics_cli(neo4j_settings, "--recompute")
    assert listed.returncode == 0, listed.stderr
    assert "Topics (3" in listed.stdout and "diffusion model" in listed.stdout
    assert "--recompute" in topics_cli(neo4j_settings, "--help").stdout


async def test_loads_recompute_topics_only_once_the_graph_has_grown(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    papers = corpus()
    assert await topics_due(driver, database=database, papers=0)  # none yet: compute them
    await upsert_papers(driver, database=database, papers=papers)
    await refresh_topics(driver, database=database)
    # One more paper (an ingestPapers call) is not worth reading the whole graph again...
    assert not await topics_due(driver, database=database, papers=len(papers) + 1)
    # ...but a graph grown by REFRESH_GROWTH since is.
    grown = len(papers) + math.ceil(REFRESH_GROWTH * len(papers) * 1.1)
    assert await topics_due(driver, database=database, papers=grown)


LIVE_LINKS = (
    "MATCH (t:Topic)<-[:IN_TOPIC]-(:Concept)<-[m:MENTIONS]-(p:Paper) "
    "RETURN t.id AS topic, p.id AS paper, sum(m.score) AS weight"
)
STORED_LINKS = (
    "MATCH (p:Paper)-[h:HAS_TOPIC]->(t:Topic) RETURN t.id AS topic, p.id AS paper, "
    "h.weight AS weight"
)


async def links(driver: AsyncDriver, database: str, statement: str) -> dict[tuple[str, str], float]:
    records, _, _ = await driver.execute_query(statement, database_=database)
    return {(r["topic"], r["paper"]): round(r["weight"], 9) for r in records}


async def test_papers_stay_linked_to_the_topics_of_their_concepts(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database

    async def linked_as_computed() -> None:
        assert await links(driver, database, STORED_LINKS) == await links(
            driver, database, LIVE_LINKS
        )

    await linked_as_computed()
    ids = await data(
        client,
        '{ v: paper(id: "vision-3") { topics { id } } t: paper(id: "text-3") { topics { id } } }',
    )
    vision_id, text_id = ids["v"]["topics"][0]["id"], ids["t"]["topics"][0]["id"]
    vision, text = THEMES["vision"], THEMES["text"]
    late = _paper("late", vision[:2], 2025)
    moved = _paper("vision-0", text[:3], 2021)  # was a vision paper
    await upsert_papers(driver, database=database, papers=[late, moved])
    await linked_as_computed()
    found = await data(
        client,
        f'{{ topic(id: "{vision_id}") {{ paperCount papers(first: 50) {{ totalCount '
        "edges { node { id } } } } "
        'late: paper(id: "late") { topics { id } } moved: paper(id: "vision-0") { topics { id } } }',
    )
    members = {e["node"]["id"] for e in found["topic"]["papers"]["edges"]}
    assert "late" in members and "vision-0" not in members
    assert found["topic"]["papers"]["totalCount"] == found["topic"]["paperCount"] == 12
    assert [t["id"] for t in found["late"]["topics"]] == [vision_id]
    assert [t["id"] for t in found["moved"]["topics"]] == [text_id]
    await delete_paper(driver, database=database, paper_id="late")
    await linked_as_computed()
    # a pass that drops a mention after the write (as a resolution pass may) relinks its papers
    await driver.execute_query(
        "MATCH (:Paper {id: 'text-1'})-[m:MENTIONS]->() DELETE m", database_=database
    )
    assert await relink_papers(driver, database=database, match_keys=["mk-text-1"]) == 1
    await linked_as_computed()


async def test_concurrent_recomputations_leave_one_set_of_topics(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """Two writers (a CLI load and an ingestPapers) may recompute the topics at once: neither
    fails on the topic id constraint, and one recomputation's topics are left."""
    database = neo4j_settings.neo4j_database
    await upsert_papers(driver, database=database, papers=corpus())
    alone = await refresh_topics(driver, database=database)
    counts = await asyncio.gather(*(refresh_topics(driver, database=database) for _ in range(4)))
    assert counts == [alone] * 4
    records, _, _ = await driver.execute_query(
        "MATCH (t:Topic) RETURN count(t) AS topics, count(DISTINCT t.id) AS ids",
        database_=database,
    )
    assert (records[0]["topics"], records[0]["ids"]) == (alone, alone)
    links, _, _ = await driver.execute_query(
        "MATCH (p:Paper)-[h:HAS_TOPIC]->(t:Topic) "
        "RETURN count(h) AS links, count(DISTINCT [p.id, t.id]) AS pairs",
        database_=database,
    )
    assert links[0]["links"] == links[0]["pairs"] > 0  # no paper linked to a topic twice
