"""Concept.related on the real Neo4j: most shared papers first, ties by key also at the cut, and
a concept in more papers than the sample bound counted among that many of them."""

from __future__ import annotations

import pytest
from _rows import paper_mentioning
from neo4j import AsyncDriver

from graph.queries import GraphReader, concept_related
from graph.writes import upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

#: The papers a related list is counted among, for a concept mentioned by more (the literal in
#: ``cypher/concept_related.cypher``, documented on ``Concept.related``).
SAMPLE = 500

#: ``c`` shares 3 papers with a, 2 with b, 1 each with z, y and x.
PAPERS = [
    paper_mentioning("p1", ("c", "a", "b", "z")),
    paper_mentioning("p2", ("c", "a", "b", "y")),
    paper_mentioning("p3", ("c", "a", "x")),
    paper_mentioning("p4", ("a", "b")),
]

HOT = (
    "UNWIND range(1, $many) AS i "
    "MERGE (hot:Concept {key: 'hot', name: 'hot'}) "
    "MERGE (pal:Concept {key: 'pal', name: 'pal'}) "
    "CREATE (p:Paper {id: 'hot-' + i}) "
    "CREATE (p)-[:MENTIONS {score: 0.5}]->(hot), (p)-[:MENTIONS {score: 0.5}]->(pal)"
)


@pytest.fixture
def reader(driver: AsyncDriver, neo4j_settings: Settings) -> GraphReader:
    return GraphReader(driver=driver, settings=neo4j_settings)


async def test_most_shared_first_and_ties_by_key_at_the_cut(
    reader: GraphReader, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await upsert_papers(driver, database=neo4j_settings.neo4j_database, papers=PAPERS)
    related = (await concept_related(reader, keys=["c"], first=3))["c"]
    assert [(r.concept.key, r.papers) for r in related] == [("a", 3), ("b", 2), ("x", 1)]
    everything = (await concept_related(reader, keys=["c"], first=10))["c"]
    assert [r.concept.key for r in everything] == ["a", "b", "x", "y", "z"]
    assert everything[0].concept.paper_count == 4  # the whole graph's count, not the shared


async def test_a_concept_in_more_papers_than_the_sample_is_counted_in_the_sample(
    reader: GraphReader, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await driver.execute_query(HOT, many=SAMPLE + 200, database_=neo4j_settings.neo4j_database)
    related = (await concept_related(reader, keys=["hot"], first=10))["hot"]
    assert [(r.concept.key, r.papers) for r in related] == [("pal", SAMPLE)]
    assert related[0].concept.paper_count == SAMPLE + 200
