"""sharedConceptsExplained: the concepts two papers both mention and the broader ones each
reaches through a concept of its own, told apart, weighted as relatedPapers weighs them (a
broader concept at half weight), checked against Cypher on the real Neo4j."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from _api import api_client
from _rows import paper_mentioning
from neo4j import AsyncDriver

from graph.hierarchy import refresh_hierarchy
from graph.writes import upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

SHARED = (
    'query($b: Boolean!) { sharedConceptsExplained(paperA: "a", paperB: "b", '
    "includeBroader: $b) { concept { key paperCount } broader via weight reason } }"
)


@pytest.fixture
async def client(driver: AsyncDriver, neo4j_settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    database = neo4j_settings.neo4j_database
    papers = [
        paper_mentioning("a", ["dynamic graph neural network", "temporal consistency"]),
        paper_mentioning("b", ["graph neural network", "temporal consistency"]),
        paper_mentioning("c", ["graph neural network"]),
        paper_mentioning("d", ["image editing"]),
        paper_mentioning("e", ["image editing", "diffusion"]),
    ]
    await upsert_papers(driver, database=database, papers=papers)
    await refresh_hierarchy(driver, database=database)
    async with api_client(neo4j_settings) as http:
        yield http


async def data(client: httpx.AsyncClient, query: str, **variables: Any) -> Any:
    body = (await client.post("/graphql", json={"query": query, "variables": variables})).json()
    assert "errors" not in body, body
    return body["data"]


async def cypher_one(driver: AsyncDriver, settings: Settings, statement: str) -> Any:
    records, _, _ = await driver.execute_query(statement, database_=settings.neo4j_database)
    return records[0][0]


async def test_direct_and_broader_concepts_are_told_apart_and_weighted(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    shared = (await data(client, SHARED, b=True))["sharedConceptsExplained"]
    n = await cypher_one(driver, neo4j_settings, "MATCH (p:Paper) RETURN count(p)")
    df_direct = await cypher_one(
        driver,
        neo4j_settings,
        "MATCH (:Concept {key: 'temporal consistency'})<-[:MENTIONS]-(p) RETURN count(p)",
    )
    df_broader = await cypher_one(
        driver,
        neo4j_settings,
        "MATCH (:Concept {key: 'graph neural network'})<-[:BROADER*0..1]-(:Concept)"
        "<-[m:MENTIONS]-() RETURN count(m)",
    )
    direct, broader = shared
    assert direct["concept"]["key"] == "temporal consistency" and not direct["broader"]
    assert direct["via"] is None and "temporal consistency" in direct["reason"]
    assert direct["weight"] == pytest.approx(0.5 * math.log(n / df_direct))
    assert broader["concept"]["key"] == "graph neural network" and broader["broader"]
    assert broader["via"] == ["dynamic graph neural network", "graph neural network"]
    assert "broader" in broader["reason"] and "half weight" in broader["reason"]
    assert broader["weight"] == pytest.approx(0.5 * 0.5 * math.log(n / df_broader))


async def test_the_weights_add_up_to_the_related_papers_score(client: httpx.AsyncClient) -> None:
    found = await data(
        client,
        'query($b: Boolean!) { relatedPapers(id: "a") { score paper { id } } '
        'sharedConceptsExplained(paperA: "a", paperB: "b", includeBroader: $b) { weight } }',
        b=True,
    )
    score = next(r["score"] for r in found["relatedPapers"] if r["paper"]["id"] == "b")
    assert sum(s["weight"] for s in found["sharedConceptsExplained"]) == pytest.approx(score)


async def test_without_broader_it_lists_what_sharedconcepts_lists(
    client: httpx.AsyncClient,
) -> None:
    found = await data(
        client,
        'query($b: Boolean!) { sharedConcepts(paperA: "a", paperB: "b") { key } '
        'sharedConceptsExplained(paperA: "a", paperB: "b", includeBroader: $b) '
        "{ concept { key } broader } }",
        b=False,
    )
    explained = found["sharedConceptsExplained"]
    assert [s["concept"]["key"] for s in explained] == [c["key"] for c in found["sharedConcepts"]]
    assert not any(s["broader"] for s in explained)


async def test_a_missing_paper_is_named(client: httpx.AsyncClient) -> None:
    query = '{ sharedConceptsExplained(paperA: "a", paperB: "nope") { weight } }'
    body = (await client.post("/graphql", json={"query": query})).json()
    error = body["errors"][0]
    assert error["extensions"]["code"] == "NOT_FOUND" and "nope" in error["message"]
