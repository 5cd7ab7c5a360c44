"""A record whose identifiers name one stored paper while its abstract is another's is written
into the paper its strongest identifier names; the other stays apart, with a warning, never a
failed load (real Neo4j)."""

from __future__ import annotations

import pytest
from neo4j import AsyncDriver

from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import LoadReport, extract_and_write
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

SEED = (
    "We propose SparGT, a sparse graph transformer that scales attention to large graphs by "
    "sampling neighbourhoods, and evaluate it on node classification benchmarks."
)
DOI = "10.1234/spargt.2025"


def record(abstract: str, **fields: object) -> PaperRecord:
    base: dict[str, object] = {
        "id": None,
        "title": None,
        "keywords": (),
        "authors": (),
        "year": None,
        "venue": None,
        "status": None,
        "source": "test.jsonl",
        "line": 1,
    }
    return PaperRecord(abstract=abstract, **{**base, **fields})  # type: ignore[arg-type]


async def load(records: list[PaperRecord], driver: AsyncDriver, settings: Settings) -> LoadReport:
    report = await extract_and_write(
        records, driver=driver, database=settings.neo4j_database, extractor=SimpleExtractor()
    )
    await settle_graph(driver, database=settings.neo4j_database)
    return report


async def papers(driver: AsyncDriver, settings: Settings) -> list[dict[str, object]]:
    records, _, _ = await driver.execute_query(
        "MATCH (p:Paper) OPTIONAL MATCH (p)-[:CITES]->(w) "
        "RETURN p.id AS id, p.doi AS doi, p.openalexId AS openalex, collect(w.id) AS cites "
        "ORDER BY id",
        database_=settings.neo4j_database,
    )
    return [r.data() for r in records]


async def test_a_record_naming_two_stored_papers_goes_to_the_one_its_doi_names(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load([record(SEED, id="seed-1")], driver, neo4j_settings)
    # the same paper from a reference manager whose copy of the abstract differs: a second node
    zotero = SEED.replace("SparGT", "Spar-GT") + " Code is released."
    await load([record(zotero, doi=DOI, id="zotero-1")], driver, neo4j_settings)
    # then a record with the seed's abstract and the DOI: two stored papers in one record
    openalex = record(SEED, doi=DOI, openalex_id="W4200000001", references=("W1000000001",))
    report = await load([openalex], driver, neo4j_settings)

    assert report.written == 1
    assert [w.kind for w in report.warnings] == ["two stored papers"]
    assert "seed-1" in str(report.warnings[0]) and "zotero-1" in str(report.warnings[0])
    assert await papers(driver, neo4j_settings) == [
        {"id": "seed-1", "doi": None, "openalex": None, "cites": []},
        {"id": "zotero-1", "doi": DOI, "openalex": "W4200000001", "cites": ["W1000000001"]},
    ]
    again = await load([openalex], driver, neo4j_settings)  # a rerun is stable
    assert (again.written, again.unchanged) == (0, 1)
