"""Papers from several sources in the real Neo4j: one node per paper, every id usable."""

from __future__ import annotations

from pathlib import Path

import pytest
from neo4j import AsyncDriver

from graph.queries import GraphReader, papers_by_ids
from graph.schema import ensure_schema
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import extract_and_write, read_corpora
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

SOURCES = Path(__file__).parents[1] / "data" / "sources"
SPARSE_DOI = "10.1234/jgl.2021.001"
SHARED_ABSTRACT = (
    "We study how message passing on graphs fails on long-range tasks, and propose rewiring "
    "the graph with virtual nodes so that distant nodes exchange information in two hops."
)


async def load(records: list[PaperRecord], driver: AsyncDriver, settings: Settings) -> None:
    await ensure_schema(driver, database=settings.neo4j_database)
    await extract_and_write(
        records, driver=driver, database=settings.neo4j_database, extractor=SimpleExtractor()
    )
    await settle_graph(driver, database=settings.neo4j_database)


async def papers(driver: AsyncDriver, settings: Settings) -> list[dict[str, object]]:
    records, _, _ = await driver.execute_query(
        "MATCH (p:Paper) RETURN p.id AS id, p.title AS title, p.altIds AS altIds, p.doi AS doi,"
        " p.arxivId AS arxivId, p.openalexId AS openalexId, p.s2Id AS s2Id ORDER BY p.id",
        database_=settings.neo4j_database,
    )
    return [r.data() for r in records]


def sparse_from(name: str) -> list[PaperRecord]:
    return [r for r in read_corpora([SOURCES / name]).records if r.doi == SPARSE_DOI]


@pytest.mark.parametrize("together", [True, False], ids=["one-load", "three-loads"])
async def test_the_same_paper_from_three_sources_is_one_node_with_all_its_ids(
    driver: AsyncDriver, neo4j_settings: Settings, together: bool
) -> None:
    sources = [sparse_from(n) for n in ("zotero.bib", "openalex-works.jsonl", "s2-papers.jsonl")]
    for batch in [[r for s in sources for r in s]] if together else sources:
        await load(batch, driver, neo4j_settings)

    (paper,) = await papers(driver, neo4j_settings)
    assert paper["id"] == SPARSE_DOI  # the first source's id stays
    assert (paper["doi"], paper["openalexId"], paper["arxivId"]) == (
        SPARSE_DOI,
        "W4200000001",
        "2104.00001",
    )
    assert paper["s2Id"] == "0123456789abcdef0123456789abcdef01234567"
    reader = GraphReader(driver, neo4j_settings)
    asked = [
        "https://doi.org/10.1234/JGL.2021.001",
        "W4200000001",
        "https://openalex.org/W4200000001",
        "arXiv:2104.00001v2",
        "0123456789abcdef0123456789abcdef01234567",
    ]
    found = await papers_by_ids(reader, ids=asked)
    assert {k: v.id for k, v in found.items()} == dict.fromkeys(asked, SPARSE_DOI)


async def test_a_reload_of_a_merged_source_changes_nothing(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    bib, openalex = sparse_from("zotero.bib"), sparse_from("openalex-works.jsonl")
    await load(bib, driver, neo4j_settings)
    await load(openalex, driver, neo4j_settings)
    before = await papers(driver, neo4j_settings)
    await load(openalex, driver, neo4j_settings)
    assert await papers(driver, neo4j_settings) == before


def twin(paper_id: str, title: str, *, line: int) -> PaperRecord:
    return PaperRecord(
        id=paper_id,
        title=title,
        abstract=SHARED_ABSTRACT,
        keywords=(),
        authors=(),
        year=2024,
        venue="ICLR",
        status=None,
        source="conference.jsonl",
        line=line,
    )


@pytest.mark.parametrize("together", [True, False], ids=["one-load", "two-loads"])
async def test_two_papers_sharing_an_abstract_stay_two_when_their_titles_differ(
    driver: AsyncDriver, neo4j_settings: Settings, together: bool
) -> None:
    a = twin("GgEAdqYPNA", "Virtual Nodes for Long-Range Message Passing", line=1)
    b = twin("rtl4XnJYBh", "Rewiring Graphs in Two Hops", line=2)
    for batch in [[a, b]] if together else [[a], [b]]:
        await load(batch, driver, neo4j_settings)
    await load([a, b], driver, neo4j_settings)  # a reload keeps them apart too

    stored = await papers(driver, neo4j_settings)
    assert [(p["id"], p["title"]) for p in stored] == [
        ("GgEAdqYPNA", a.title),
        ("rtl4XnJYBh", b.title),
    ]


async def test_a_title_with_its_subtitle_dropped_is_still_the_same_paper(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    full = twin("GgEAdqYPNA", "Virtual Nodes: Long-Range Message Passing in Two Hops", line=1)
    short = twin("pg-other", "Virtual nodes", line=2)
    await load([full], driver, neo4j_settings)
    await load([short], driver, neo4j_settings)
    assert [p["id"] for p in await papers(driver, neo4j_settings)] == ["GgEAdqYPNA"]


CITATIONS = """
query ($citing: ID!, $cited: ID!) {
  citing: paper(id: $citing) { references { id } }
  cited: paper(id: $cited) { citedBy { id } }
}
"""


async def citations(driver: AsyncDriver, settings: Settings) -> list[dict[str, object]]:
    records, _, _ = await driver.execute_query(
        "MATCH (a:Paper)-[:CITES]->(b) RETURN a.id AS source, labels(b) AS labels,"
        " coalesce(b.id, '') AS target ORDER BY source, target",
        database_=settings.neo4j_database,
    )
    return [r.data() for r in records]


async def test_a_citation_loaded_before_its_target_is_linked_when_the_target_arrives(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load(read_corpora([SOURCES / "openalex-works.jsonl"]).records, driver, neo4j_settings)
    assert await citations(driver, neo4j_settings) == [
        {"source": "W4200000001", "labels": ["CitedWork"], "target": "W4200000003"}
    ]  # kept with its id until the paper arrives
    await load(read_corpora([SOURCES / "openalex-page.json"]).records, driver, neo4j_settings)
    assert await citations(driver, neo4j_settings) == [
        {"source": "W4200000001", "labels": ["Paper"], "target": "W4200000003"}
    ]
    left, _, _ = await driver.execute_query(
        "MATCH (w:CitedWork) RETURN count(w) AS n", database_=neo4j_settings.neo4j_database
    )
    assert left[0]["n"] == 0

    import httpx

    from api import create_app

    app = create_app(neo4j_settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as http:
            variables = {"citing": "10.1234/jgl.2021.001", "cited": "W4200000003"}
            response = await http.post(
                "/graphql", json={"query": CITATIONS, "variables": variables}
            )
    data = response.json()["data"]
    assert data == {
        "citing": {"references": [{"id": "W4200000003"}]},
        "cited": {"citedBy": [{"id": "W4200000001"}]},
    }


async def test_papers_loaded_together_cite_each_other_directly(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    records = read_corpora([SOURCES / "openalex-page.json", SOURCES / "openalex-works.jsonl"])
    await load(records.records, driver, neo4j_settings)
    assert await citations(driver, neo4j_settings) == [
        {"source": "W4200000001", "labels": ["Paper"], "target": "W4200000003"}
    ]
