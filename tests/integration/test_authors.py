"""Authors from every source in the real Neo4j: one node per person, WROTE in byline order, and
the API's answers about them equal to plain Cypher over the same graph."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from neo4j import AsyncDriver

from graph.queries import GraphReader
from graph.queries.authors import author_coauthors, author_papers, find_authors, get_author
from graph.schema import ensure_schema
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import extract_and_write, read_corpora
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

SOURCES = Path(__file__).parents[1] / "data" / "sources"
FILES = ["zotero.bib", "openalex-works.jsonl", "s2-papers.jsonl", "openalex-page.json"]


async def load_sources(driver: AsyncDriver, settings: Settings, names: list[str]) -> None:
    await ensure_schema(driver, database=settings.neo4j_database)
    records = read_corpora([SOURCES / n for n in names]).records
    await extract_and_write(
        records, driver=driver, database=settings.neo4j_database, extractor=SimpleExtractor()
    )
    await settle_graph(driver, database=settings.neo4j_database)


async def cypher(driver: AsyncDriver, settings: Settings, text: str, **params: Any) -> list[dict]:
    records, _, _ = await driver.execute_query(text, params, database_=settings.neo4j_database)
    return [r.data() for r in records]


@pytest.mark.parametrize("together", [True, False], ids=["one-load", "one-load-per-source"])
async def test_one_author_node_per_person_across_sources(
    driver: AsyncDriver, neo4j_settings: Settings, together: bool
) -> None:
    for names in [FILES] if together else [[n] for n in FILES]:
        await load_sources(driver, neo4j_settings, names)
    authors = await cypher(
        driver,
        neo4j_settings,
        "MATCH (a:Author) RETURN a.name AS name, a.orcid AS orcid, a.ids AS ids ORDER BY a.nameKey",
    )
    by_name = {a["name"]: a for a in authors}
    assert len(authors) == 5, authors  # Anna van der Berg, Jane Smith, Jörg Müller, Lee, Okafor
    muller = by_name["Jörg Müller"]
    assert muller["orcid"] == "0000-0002-1825-0097"
    assert set(muller["ids"]) == {"openalex:A5000000001", "s2:1741101"}
    assert set(by_name["Jane Smith"]["ids"]) == {"openalex:A5000000002", "s2:1741102"}
    bylines = await cypher(
        driver,
        neo4j_settings,
        "MATCH (a:Author)-[w:WROTE]->(p:Paper {doi: $doi}) RETURN a.name AS name ORDER BY w.position",
        doi="10.1234/jgl.2021.001",
    )
    assert [b["name"] for b in bylines] == ["Jörg Müller", "Jane Smith", "Anna van der Berg"]


async def test_two_people_with_one_name_stay_two_when_their_ids_differ(
    driver: AsyncDriver, neo4j_settings: Settings, tmp_path: Path
) -> None:
    await load_sources(driver, neo4j_settings, ["openalex-works.jsonl"])
    other = (SOURCES / "openalex-page.json").read_text(encoding="utf-8")
    path = tmp_path / "other.json"
    path.write_text(other.replace("A5000000002", "A5000000999"), encoding="utf-8")
    await ensure_schema(driver, database=neo4j_settings.neo4j_database)
    await extract_and_write(
        read_corpora([path]).records,
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=SimpleExtractor(),
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    smiths = await cypher(
        driver, neo4j_settings, "MATCH (a:Author {name: 'Jane Smith'}) RETURN a.key AS key"
    )
    assert len(smiths) == 2


async def test_reloading_a_paper_without_an_author_removes_the_author(
    driver: AsyncDriver, neo4j_settings: Settings, tmp_path: Path
) -> None:
    await load_sources(driver, neo4j_settings, ["zotero.bib"])
    path = tmp_path / "zotero.bib"
    text = (SOURCES / "zotero.bib").read_text(encoding="utf-8")
    path.write_text(text.replace(" and Okafor, Chidi", ""), encoding="utf-8")
    await load_sources(driver, neo4j_settings, [str(path)])
    names = await cypher(driver, neo4j_settings, "MATCH (a:Author) RETURN a.name AS name")
    assert "Chidi Okafor" not in {n["name"] for n in names} and len(names) == 4


async def test_coauthors_and_concepts_from_the_query_layer_equal_cypher(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load_sources(driver, neo4j_settings, FILES)
    reader = GraphReader(driver, neo4j_settings)
    (smith,) = await find_authors(reader, search="jane smi")
    expected = await cypher(
        driver,
        neo4j_settings,
        "MATCH (a:Author {key: $key})-[:WROTE]->(:Paper)<-[:WROTE]-(o:Author) "
        "RETURN o.name AS name, o.key AS key, count(*) AS papers ORDER BY papers DESC, key",
        key=smith.key,
    )
    found = (await author_coauthors(reader, keys=[smith.key]))[smith.key]
    assert [(c.author.name, c.papers) for c in found] == [
        (e["name"], e["papers"]) for e in expected
    ]
    assert smith.paper_count == 2
    papers = (await author_papers(reader, keys=[smith.key]))[smith.key]
    assert [p.year for p in papers] == [2021, 2020]
    muller = await get_author(reader, name="JORG  MULLER")  # case and accents ignored
    assert muller is not None and muller.orcid == "0000-0002-1825-0097"
    assert await get_author(reader, key=muller.key) == muller


AUTHOR_QUERY = """
query ($doi: ID!, $search: String!) {
  paper(id: $doi) { authors writtenBy { key name orcid ids paperCount } }
  authors(search: $search) {
    key name paperCount
    papers { id year }
    coauthors { author { key name } papers }
    concepts(first: 5) { concept { key } papers }
  }
}
"""


async def test_authors_and_coauthors_over_graphql_equal_cypher(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    import httpx

    from api import create_app

    await load_sources(driver, neo4j_settings, FILES)
    app = create_app(neo4j_settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as http:
            variables = {"doi": "https://doi.org/10.1234/JGL.2021.001", "search": "smith"}
            response = await http.post(
                "/graphql", json={"query": AUTHOR_QUERY, "variables": variables}
            )
    body = response.json()
    assert "errors" not in body, body
    paper, (smith,) = body["data"]["paper"], body["data"]["authors"]

    byline = await cypher(
        driver,
        neo4j_settings,
        "MATCH (a:Author)-[w:WROTE]->(:Paper {doi: $doi}) RETURN a.key AS key ORDER BY w.position",
        doi="10.1234/jgl.2021.001",
    )
    assert [a["key"] for a in paper["writtenBy"]] == [b["key"] for b in byline]
    assert paper["writtenBy"][0]["orcid"] == "0000-0002-1825-0097"
    assert paper["authors"] == [a["name"] for a in paper["writtenBy"]]  # the plain list stays

    coauthors = await cypher(
        driver,
        neo4j_settings,
        "MATCH (a:Author {key: $key})-[:WROTE]->(:Paper)<-[:WROTE]-(o:Author) "
        "RETURN o.key AS key, count(*) AS papers ORDER BY papers DESC, key",
        key=smith["key"],
    )
    assert [(c["author"]["key"], c["papers"]) for c in smith["coauthors"]] == [
        (c["key"], c["papers"]) for c in coauthors
    ]
    papers = await cypher(
        driver,
        neo4j_settings,
        "MATCH (:Author {key: $key})-[:WROTE]->(p:Paper) RETURN p.id AS id ORDER BY p.year DESC",
        key=smith["key"],
    )
    assert [p["id"] for p in smith["papers"]] == [p["id"] for p in papers]
    assert smith["paperCount"] == len(papers) == 2
    concepts = await cypher(
        driver,
        neo4j_settings,
        "MATCH (:Author {key: $key})-[:WROTE]->(:Paper)-[:MENTIONS]->(c:Concept) "
        "RETURN c.key AS key, count(*) AS papers ORDER BY papers DESC, key LIMIT 5",
        key=smith["key"],
    )
    assert [(c["concept"]["key"], c["papers"]) for c in smith["concepts"]] == [
        (c["key"], c["papers"]) for c in concepts
    ]


INGEST = "mutation($p: [PaperInput!]!) { ingestPapers(papers: $p) { written ids } }"


async def test_ingest_papers_takes_external_ids_and_authors_as_objects(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    import httpx
    from pydantic import SecretStr

    from api import create_app

    paper = {
        "abstract": read_corpora([SOURCES / "zotero.bib"]).records[0].abstract,
        "title": "Sparse GNNs for Grün's Graph Benchmarks",
        "doi": "https://doi.org/10.1234/JGL.2021.001",
        "openalexId": "W4200000001",
        "writtenBy": [
            {"name": "Jörg Müller", "orcid": "https://orcid.org/0000-0002-1825-0097"},
            {"name": "Jane Smith", "ids": ["openalex:A5000000002"]},
        ],
    }
    settings = neo4j_settings.model_copy(update={"api_token": SecretStr("t0ken")})
    app = create_app(settings, extractor_factory=SimpleExtractor)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as http:
            response = await http.post(
                "/graphql",
                json={"query": INGEST, "variables": {"p": [paper]}},
                headers={"Authorization": "Bearer t0ken"},
            )
    body = response.json()
    assert "errors" not in body, body
    assert body["data"]["ingestPapers"] == {"written": 1, "ids": ["10.1234/jgl.2021.001"]}
    await load_sources(driver, neo4j_settings, ["zotero.bib", "s2-papers.jsonl"])  # same paper
    stored = await cypher(
        driver,
        neo4j_settings,
        "MATCH (p:Paper) WHERE p.title STARTS WITH 'Sparse GNNs' "
        "OPTIONAL MATCH (a:Author)-[w:WROTE]->(p) WITH p, a ORDER BY w.position "
        "RETURN p.openalexId AS openalex, p.s2Id AS s2, collect([a.name, a.orcid]) AS byline",
    )
    assert stored == [
        {
            "openalex": "W4200000001",
            "s2": "0123456789abcdef0123456789abcdef01234567",
            "byline": [
                ["Jörg Müller", "0000-0002-1825-0097"],
                ["Jane Smith", None],
                ["Anna van der Berg", None],
            ],
        }
    ]


async def test_deleting_a_paper_deletes_the_authors_who_wrote_nothing_else(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    from graph.writes import delete_paper

    await load_sources(driver, neo4j_settings, ["zotero.bib"])
    await delete_paper(driver, database=neo4j_settings.neo4j_database, paper_id="2003.01234")
    names = await cypher(driver, neo4j_settings, "MATCH (a:Author) RETURN a.name AS name")
    assert sorted(n["name"] for n in names) == ["Anna van der Berg", "Jane Smith", "Jörg Müller"]
