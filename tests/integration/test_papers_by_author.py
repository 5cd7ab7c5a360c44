"""``papers(author:)`` over GraphQL against plain Cypher: an author's key or name, combined with
the other filters, paged like every connection.

The fixture (tests/data/sources/openalex-citations.jsonl) has Ada Lovelace on three papers and
Grace Hopper (with an ORCID, so that is her key) on three, one of them with Ada.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _api import api_client
from _profile import db_hits
from neo4j import AsyncDriver

from graph.cypher import query
from graph.models import PaperOrder
from graph.queries import GraphReader, find_papers
from graph.schema import ensure_schema
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import extract_and_write, read_corpora
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

FIXTURE = Path(__file__).parents[1] / "data" / "sources" / "openalex-citations.jsonl"
PAPERS = """
query ($author: String, $year: Int, $search: String, $concept: String, $first: Int!,
       $after: String) {
  papers(author: $author, year: $year, search: $search, concept: $concept, first: $first,
         after: $after, orderBy: YEAR_DESC) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id } }
  }
}
"""
BY_AUTHOR = """
MATCH (a:Author)-[:WROTE]->(p:Paper)
WHERE (a.key = $author OR a.name = $author) AND ($year IS NULL OR p.year = $year)
  AND ($concept IS NULL OR EXISTS { (p)-[:MENTIONS]->(:Concept {key: $concept}) })
RETURN p.id AS id ORDER BY p.year DESC, p.id
"""


@pytest.fixture
async def api(driver: AsyncDriver, neo4j_settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    await ensure_schema(driver, database=neo4j_settings.neo4j_database)
    await extract_and_write(
        read_corpora([FIXTURE]).records,
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=SimpleExtractor(dimensions=384),  # the vector index's dimensions
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    async with api_client(neo4j_settings) as client:
        yield client


async def papers(client: httpx.AsyncClient, **variables: Any) -> dict[str, Any]:
    asked = {"first": 20, "year": None, "search": None, "concept": None, **variables}
    response = await client.post("/graphql", json={"query": PAPERS, "variables": asked})
    body = response.json()
    assert "errors" not in body, body
    return dict(body["data"]["papers"])


def ids(page: dict[str, Any]) -> list[str]:
    return [e["node"]["id"] for e in page["edges"]]


async def expected(
    driver: AsyncDriver,
    settings: Settings,
    *,
    author: str,
    year: int | None = None,
    concept: str | None = None,
) -> list[str]:
    records, _, _ = await driver.execute_query(
        BY_AUTHOR, author=author, year=year, concept=concept, database_=settings.neo4j_database
    )
    return [r["id"] for r in records]


@pytest.mark.parametrize(
    "author", ["Ada Lovelace", "ada lovelace", "openalex:A5100000001", "orcid:0000-0001-5109-3700"]
)
async def test_papers_by_author_key_or_name_equal_cypher(
    api: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings, author: str
) -> None:
    page = await papers(api, author=author)
    stored = "Ada Lovelace" if author.lower() == "ada lovelace" else author
    want = await expected(driver, neo4j_settings, author=stored)
    assert len(want) == 3 and ids(page) == want and page["totalCount"] == 3


async def test_papers_by_author_combine_with_the_other_filters(
    api: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    grace = "orcid:0000-0001-5109-3700"
    in_2024 = await papers(api, author="Grace Hopper", year=2024)
    assert ids(in_2024) == await expected(driver, neo4j_settings, author=grace, year=2024)
    assert in_2024["totalCount"] == 2

    searched = await papers(api, author="Ada Lovelace", search="acoustic")
    records, _, _ = await driver.execute_query(
        "CALL db.index.fulltext.queryNodes('paper_search', 'acoustic') YIELD node "
        "MATCH (:Author {name: 'Ada Lovelace'})-[:WROTE]->(node) RETURN node.id AS id",
        database_=neo4j_settings.neo4j_database,
    )
    assert set(ids(searched)) == {r["id"] for r in records} and len(records) == 2

    concepts, _, _ = await driver.execute_query(
        "MATCH (:Author {name: 'Ada Lovelace'})-[:WROTE]->(:Paper)-[:MENTIONS]->(c:Concept) "
        "RETURN c.key AS key ORDER BY COUNT { (c)<-[:MENTIONS]-() } DESC, c.key LIMIT 1",
        database_=neo4j_settings.neo4j_database,
    )
    key = concepts[0]["key"]
    by_concept = await papers(api, author="Ada Lovelace", concept=key)
    want = await expected(driver, neo4j_settings, author="Ada Lovelace", concept=key)
    assert ids(by_concept) == want and want

    assert (await papers(api, author="Nobody Atall"))["totalCount"] == 0


async def test_papers_by_author_page_on(api: httpx.AsyncClient) -> None:
    first = await papers(api, author="Ada Lovelace", first=2)
    assert len(first["edges"]) == 2 and first["pageInfo"]["hasNextPage"]
    rest = await papers(api, author="Ada Lovelace", first=2, after=first["pageInfo"]["endCursor"])
    assert len(rest["edges"]) == 1 and not rest["pageInfo"]["hasNextPage"]
    whole = await papers(api, author="Ada Lovelace")
    assert ids(first) + ids(rest) == ids(whole) and rest["totalCount"] == 3


# --- an author beside a concept a fifth of the graph mentions ----------------------------------

HOT = 2000
#: Far fewer than the concept's mentions: a statement reading each of them costs several hits.
AUTHOR_PAGE_HITS = 250
#: A concept every paper mentions, and an author of three of them with their own mention scores.
HOT_GRAPH = """
CREATE (c:Concept {key: 'hot', name: 'hot'})
CREATE (a:Author {key: 'a:1', name: 'Ada'})
WITH c, a
UNWIND range(1, $many) AS i
CREATE (p:Paper {id: 'h' + i, label: 'Work ' + i, title: 'Work ' + i, abstract: 'A.', altIds: [],
                 year: 2020 + i % 3})
SET p.sortTitle = toLower(p.title), p.sortNewest = -p.year, p.sortOldest = p.year
CREATE (p)-[:MENTIONS {score: (i % 97) / 100.0, conceptKey: 'hot', sortScore: -(i % 97) / 100.0,
                       sortNewest: p.sortNewest, sortOldest: p.sortOldest,
                       sortTitle: p.sortTitle, paperId: p.id}]->(c)
FOREACH (_ IN CASE WHEN i IN [10, 20, 30] THEN [1] ELSE [] END | CREATE (a)-[:WROTE]->(p))
"""


async def test_an_author_and_a_hot_concept_cost_the_authors_papers_ranked_by_mention(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """``papers(author:, concept:)`` starts from the author, whose papers are few, and orders
    RELEVANCE by the mention score as ``papers(concept:)`` does."""
    database = neo4j_settings.neo4j_database
    await ensure_schema(driver, database=database)
    await driver.execute_query(HOT_GRAPH, many=HOT, database_=database)
    reader = GraphReader(driver=driver, settings=neo4j_settings)
    page = await find_papers(reader, author="a:1", concept="hot", order=PaperOrder.RELEVANCE)
    # mention scores: h30 0.30, h20 0.20, h10 0.10
    assert [p.id for p in page.items] == ["h30", "h20", "h10"] and page.total == 3
    newest = await find_papers(reader, author="a:1", concept="hot", order=PaperOrder.YEAR_DESC)
    assert [p.id for p in newest.items] == ["h20", "h10", "h30"]  # 2022, 2021, 2020

    for order in PaperOrder:
        hits = await _hot_author_page_hits(driver, database, "find_papers_by_author", order)
        assert hits < AUTHOR_PAGE_HITS, order


async def _hot_author_page_hits(
    driver: AsyncDriver, database: str, statement: str, order: PaperOrder
) -> int:
    """The database hits of ``statement`` asked for the first page of the author ``a:1``'s
    papers about ``hot`` in ``order``."""
    params = {"author": "a:1", "concept": "hot", "method": None, "year": None, "venue": None}
    _, summary, _ = await driver.execute_query(
        "PROFILE " + query(statement),
        {**params, "orderBy": order.value, "skip": 0, "first": 10},
        database_=database,
    )
    assert summary.profile is not None
    return db_hits(summary.profile)


#: A concept under the hot one, which only a fourth paper of the author mentions.
NARROWER = """
MATCH (c:Concept {key: 'hot'}), (a:Author {key: 'a:1'})
CREATE (n:Concept {key: 'narrow', name: 'narrow'})-[:BROADER]->(c)
CREATE (p:Paper {id: 'n1', label: 'Narrow', title: 'Narrow', abstract: 'A.', altIds: [],
                 year: 2023})
CREATE (a)-[:WROTE]->(p), (p)-[:MENTIONS {score: 0.9}]->(n)
"""


async def test_an_author_and_a_hot_concept_with_narrower_ones_cost_the_authors_papers(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """``papers(author:, concept:, includeNarrower: true)`` lists the author's papers under the
    concept's tree, best mention first, reading the author's papers, not the tree's."""
    database = neo4j_settings.neo4j_database
    await ensure_schema(driver, database=database)
    await driver.execute_query(HOT_GRAPH, many=HOT, database_=database)
    await driver.execute_query(NARROWER, database_=database)
    reader = GraphReader(driver=driver, settings=neo4j_settings)
    tree = await find_papers(reader, author="a:1", concept="hot", include_narrower=True)
    assert [p.id for p in tree.items] == ["n1", "h30", "h20", "h10"] and tree.total == 4
    alone = await find_papers(reader, author="a:1", concept="hot")
    assert [p.id for p in alone.items] == ["h30", "h20", "h10"]

    for order in PaperOrder:
        hits = await _hot_author_page_hits(driver, database, "find_papers_by_concept_tree", order)
        assert hits < AUTHOR_PAGE_HITS, order
