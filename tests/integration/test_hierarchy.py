"""BROADER between concepts on the real Neo4j: derived from the keys, incremental on writes,
never a cycle, and served as Concept.broader/narrower and papers(includeNarrower)."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from dataclasses import replace

import httpx
import pytest
from _api import api_client, data
from _profile import statement_hits
from _rows import paper_mentioning
from neo4j import AsyncDriver

from graph.cypher import query
from graph.hierarchy import refresh_hierarchy
from graph.queries.papers import MAX_BROADER_PAPERS, related_params
from graph.schema import ensure_schema
from graph.writes import PaperRow, delete_paper, upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j


def paper(pid: str, *keys: str) -> PaperRow:
    return paper_mentioning(pid, keys)


async def write(driver: AsyncDriver, settings: Settings, *papers: PaperRow) -> None:
    database = settings.neo4j_database
    await upsert_papers(driver, database=database, papers=list(papers))
    await refresh_hierarchy(driver, database=database)


async def edges(driver: AsyncDriver, settings: Settings) -> set[tuple[str, str]]:
    records, _, _ = await driver.execute_query(
        "MATCH (a:Concept)-[:BROADER]->(b:Concept) RETURN a.key AS a, b.key AS b",
        database_=settings.neo4j_database,
    )
    return {(r["a"], r["b"]) for r in records}


async def test_heads_and_generic_heads_give_the_chain(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await write(
        driver,
        neo4j_settings,
        paper("a", "dynamic graph neural network", "machine unlearning"),
        paper("b", "graph neural network", "unlearning method"),
        paper("c", "neural network", "unlearning", "sparse mixture of experts"),
        paper("d", "mixture of experts", "language model"),
    )
    assert await edges(driver, neo4j_settings) == {
        ("dynamic graph neural network", "graph neural network"),
        ("graph neural network", "neural network"),
        ("machine unlearning", "unlearning"),
        ("unlearning method", "unlearning"),
        ("sparse mixture of experts", "mixture of experts"),
    }


async def test_a_parent_never_starts_inside_a_hyphenated_compound(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    # ``vision-language`` modifies the understanding: it is no kind of language understanding
    row = paper("a", "vision language understanding")
    written = replace(
        row.mentions[0],
        name="vision-language understanding",
        aliases=("vision-language understanding",),
    )
    compound = replace(row, mentions=(written,))
    spoken = paper("b", "language understanding", "spoken language understanding")
    await write(driver, neo4j_settings, compound, spoken)
    found = await edges(driver, neo4j_settings)
    assert ("spoken language understanding", "language understanding") in found
    assert not any(child == "vision language understanding" for child, _ in found)


async def test_a_later_load_inserts_a_concept_in_the_middle_of_a_chain(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await write(
        driver, neo4j_settings, paper("a", "dynamic graph neural network", "neural network")
    )
    assert await edges(driver, neo4j_settings) == {
        ("dynamic graph neural network", "neural network")
    }
    await write(driver, neo4j_settings, paper("b", "graph neural network"))
    assert await edges(driver, neo4j_settings) == {
        ("dynamic graph neural network", "graph neural network"),
        ("graph neural network", "neural network"),
    }
    await delete_paper(driver, database=neo4j_settings.neo4j_database, paper_id="b")
    assert await edges(driver, neo4j_settings) == {
        ("dynamic graph neural network", "neural network")
    }


async def test_a_load_places_only_the_concepts_it_added(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    await write(driver, neo4j_settings, paper("a", "deep reinforcement learning", "learning"))
    await upsert_papers(driver, database=database, papers=[paper("b", "contrastive learning")])
    assert await refresh_hierarchy(driver, database=database) == 1  # b's concept, nothing else
    assert await refresh_hierarchy(driver, database=database) == 0


async def test_a_graph_written_before_the_flag_places_its_concepts_once_ensured(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    # an older graph: concepts never placed, no flag, no index; ensure_schema flags them once
    database = neo4j_settings.neo4j_database
    await upsert_papers(driver, database=database, papers=[paper("a", "graph neural network")])
    await upsert_papers(driver, database=database, papers=[paper("b", "neural network")])
    for statement in (
        "MATCH (c:Concept) REMOVE c.broaderPending, c.broaderChecked, c.broaderKey",
        "DROP INDEX concept_broader_pending",
    ):
        await driver.execute_query(statement, database_=database)
    assert await refresh_hierarchy(driver, database=database) == 0  # nothing flagged
    await ensure_schema(driver, database=database)
    assert await refresh_hierarchy(driver, database=database) == 2
    assert await edges(driver, neo4j_settings) == {("graph neural network", "neural network")}


async def test_no_cycle_and_one_broader_each(driver: AsyncDriver, neo4j_settings: Settings) -> None:
    keys = ["a b c d", "b c d", "c d", "d", "x of b c d", "x", "d method", "b c d method"]
    await write(driver, neo4j_settings, *(paper(f"p{i}", k) for i, k in enumerate(keys)))
    records, _, _ = await driver.execute_query(
        "MATCH (c:Concept) RETURN EXISTS { (c)-[:BROADER*1..]->(c) } AS cycle, "
        "COUNT { (c)-[:BROADER]->() } AS up",
        database_=neo4j_settings.neo4j_database,
    )
    assert records and all(not r["cycle"] and r["up"] <= 1 for r in records)


@pytest.fixture
async def client(driver: AsyncDriver, neo4j_settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    await write(
        driver,
        neo4j_settings,
        paper("a", "dynamic graph neural network"),
        paper("b", "graph neural network", "dynamic graph neural network"),
        paper("c", "neural network"),
        paper("d", "convolutional neural network"),
        paper("e", "language model"),
    )
    async with api_client(neo4j_settings) as http:
        yield http


async def test_concept_broader_narrower_and_papers_under_it(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    found = await data(
        client,
        '{ concept(key: "dynamic graph neural network") { broader { key } } '
        'nn: concept(key: "neural network") { narrower { key } '
        "all: papers(includeNarrower: true) { totalCount edges { node { id } } } "
        "own: papers { totalCount } } "
        'papers(concept: "neural network", includeNarrower: true) { totalCount } }',
    )
    assert [c["key"] for c in found["concept"]["broader"]] == [
        "graph neural network",
        "neural network",
    ]
    nn = found["nn"]
    assert {c["key"] for c in nn["narrower"]} == {
        "graph neural network",
        "convolutional neural network",
    }
    records, _, _ = await driver.execute_query(
        "MATCH (:Concept {key: 'neural network'})<-[:BROADER*0..]-(:Concept)<-[:MENTIONS]-(p) "
        "RETURN collect(DISTINCT p.id) AS ids",
        database_=neo4j_settings.neo4j_database,
    )
    expected = set(records[0]["ids"])
    assert expected == {"a", "b", "c", "d"}
    assert {e["node"]["id"] for e in nn["all"]["edges"]} == expected
    assert nn["all"]["totalCount"] == found["papers"]["totalCount"] == 4
    assert nn["own"]["totalCount"] == 1


async def test_related_papers_count_a_shared_broader_concept_at_half_weight(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    found = await data(
        client,
        '{ relatedPapers(id: "d") { score paper { id } sharedConcepts { key } '
        "sharedBroader { concept { key } via } reason } }",
    )
    records, _, _ = await driver.execute_query(
        "MATCH (b:Concept {key: 'neural network'}) "
        "RETURN COUNT { (b)<-[:BROADER*0..1]-(:Concept)<-[:MENTIONS]-() } AS df, "
        "COUNT { (:Paper) } AS n",
        database_=neo4j_settings.neo4j_database,
    )
    df, n = records[0]["df"], records[0]["n"]
    assert (df, n) == (3, 5)  # neural network, graph and convolutional neural network; 5 papers
    related = found["relatedPapers"]
    assert [r["paper"]["id"] for r in related] == ["b", "c"]  # a is two levels below
    for r in related:
        assert r["score"] == pytest.approx(0.5 * 0.5 * math.log(n / df))
        assert r["sharedConcepts"] == []
        assert r["sharedBroader"][0]["concept"]["key"] == "neural network"
        assert r["sharedBroader"][0]["via"][0] == "convolutional neural network"
        assert "neural network" in r["reason"]


UNDER_NEURAL_NETWORK = (
    "MATCH (nn:Concept {key: 'neural network'}) "
    "CREATE (far:Paper {id: 'far'}) "
    "WITH nn, far UNWIND range(1, $many) AS i "
    "CREATE (far)-[:MENTIONS {score: 0.5}]->(c:Concept {key: 'nn-kind-' + i, name: 'kind ' + i}) "
    "CREATE (c)-[:BROADER]->(nn)"
)


async def test_a_broad_concept_is_skipped_without_reading_what_lies_under_it(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """relatedPapers and sharedConceptsExplained weigh a broader concept by the mention edges of it and
    of the concepts under it; one with thousands under it is too general, found so from degrees."""
    database = neo4j_settings.neo4j_database
    statements = {
        "related_papers": related_params(["d"], 10),
        "shared_concepts_explained": {
            "paperA": "d",
            "paperB": "c",
            "includeBroader": True,
            "maxBroaderPapers": MAX_BROADER_PAPERS,
        },
    }

    async def hits(name: str) -> int:
        return await statement_hits(driver, database, query(name), statements[name])

    before = {name: await hits(name) for name in statements}
    await driver.execute_query(UNDER_NEURAL_NETWORK, many=2000, database_=database)
    for name in statements:
        assert await hits(name) < before[name] + 100, name
    found = await data(
        client,
        '{ relatedPapers(id: "d") { sharedBroader { via } } '
        'sharedConceptsExplained(paperA: "d", paperB: "c", includeBroader: true) { broader } }',
    )
    assert all(r["sharedBroader"] == [] for r in found["relatedPapers"])  # too general now
    assert found["sharedConceptsExplained"] == []
