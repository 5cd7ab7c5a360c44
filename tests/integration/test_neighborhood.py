"""neighborhood's second ring on the real Neo4j: the papers sharing the most of the paper's
concepts and methods first, also when its broad ones are only looked up from the papers found,
a paper found by its id without reading the others, and a hot concept's edges to methods not
shown left unread."""

from __future__ import annotations

import pytest
from _profile import statement_hits
from _rows import paper_mentioning
from neo4j import AsyncDriver

from graph.cypher import query
from graph.models import NodeKind, Subgraph
from graph.queries import GraphReader, neighborhood
from graph.queries.traversals import NEIGHBORHOOD_PAPERS
from graph.writes import MethodRow, upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

USES_M = MethodRow(key="m", name="M", aliases=("M",), score=0.8, kind="USES")
#: ``start``'s concepts: s1 and s2 specific (3 papers each), hot broad (8 papers); its method m
#: (2 papers). a shares all four, c shares s2 and hot, b only s1, d and h1..h4 only hot.
PAPERS = [
    paper_mentioning("start", ("s1", "s2", "hot"), methods=(USES_M,)),
    paper_mentioning("a", ("s1", "s2", "hot"), methods=(USES_M,)),
    paper_mentioning("b", ("s1",)),
    paper_mentioning("c", ("s2", "hot")),
    paper_mentioning("d", ("hot",)),
    *(paper_mentioning(f"h{i}", ("hot",)) for i in range(1, 5)),
]


@pytest.fixture
async def reader(driver: AsyncDriver, neo4j_settings: Settings) -> GraphReader:
    await upsert_papers(driver, database=neo4j_settings.neo4j_database, papers=PAPERS)
    return GraphReader(driver=driver, settings=neo4j_settings)


def papers(graph: Subgraph) -> list[str]:
    """The second ring, in order (nodes come ring by ring, the paper first)."""
    return [n.key for n in graph.nodes[1:] if n.kind is NodeKind.PAPER]


def entities(graph: Subgraph) -> set[str]:
    return {n.key for n in graph.nodes if n.kind is not NodeKind.PAPER}


async def test_the_papers_sharing_the_most_come_first(reader: GraphReader) -> None:
    graph = await neighborhood(reader, id="start", hops=2, limit=50)
    assert entities(graph) == {"hot", "m", "s1", "s2"}
    # a shares 4, c 2, the rest 1 each (ties by id)
    assert papers(graph) == ["a", "c", "b", "d", "h1", "h2", "h3", "h4"]
    edges = {(e.source, e.target, e.type) for e in graph.edges}
    assert ("method:m", "concept:hot", "RELATED_TO") in edges
    assert ("paper:a", "method:m", "USES") in edges and (
        "paper:d",
        "concept:hot",
        "MENTIONS",
    ) in edges


async def test_broad_concepts_still_count_for_the_papers_the_specific_ones_find(
    reader: GraphReader, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With room for m, s1 and s2 only (2 + 3 + 3 papers), hot is not expanded; it still counts
    for a, b and c (c, sharing hot, before b), and papers sharing only hot are left out."""
    monkeypatch.setattr("graph.queries.traversals.NEIGHBORHOOD_PAPERS", 8)
    graph = await neighborhood(reader, id="start", hops=2, limit=50)
    assert papers(graph) == ["a", "c", "b"]


RELATED_TO_HOT = (
    "MATCH (hot:Concept {key: 'hot'}) "
    "UNWIND range(1, $many) AS i "
    "CREATE (m:Method {key: 'other-' + i, name: 'Other' + i}) "
    "CREATE (m)-[:RELATED_TO {weight: 1, pair: id(m) * 4294967296 + id(hot)}]->(hot)"
)


async def test_the_edges_of_a_hot_concept_to_methods_not_shown_are_not_read(
    reader: GraphReader, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """A concept related to thousands of methods costs a neighbourhood showing it no more than
    one related to a few: its RELATED_TO edges are looked up for the methods shown."""
    database = neo4j_settings.neo4j_database
    params = {"id": "start", "hops": 2, "limit": 50, "maxPapers": NEIGHBORHOOD_PAPERS}
    before = await statement_hits(driver, database, query("neighborhood"), params)
    await driver.execute_query(RELATED_TO_HOT, many=2000, database_=database)
    assert await statement_hits(driver, database, query("neighborhood"), params) < before + 100
    graph = await neighborhood(reader, id="start", hops=2, limit=50)
    assert ("method:m", "concept:hot", "RELATED_TO") in {
        (e.source, e.target, e.type) for e in graph.edges
    }
