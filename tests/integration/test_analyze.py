"""analyzeText and `papergraph analyze`: a draft is extracted as a load would extract it,
nothing is written, its terms' paper counts match Cypher, its nearest papers say why."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _api import api_client
from neo4j import AsyncDriver

from graph.schema import DEFAULT_EMBEDDING_DIMENSIONS
from graph.writes import graph_counts
from loaders.pipeline import extract_and_write
from loaders.readers import read_corpus
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j
ANALYZE = (
    "query($t: String!) { analyzeText(text: $t, first: 5) { "
    "concepts { key kind paperCount } methods { key kind paperCount } new { key paperCount } "
    "related { score reason paper { id } sharedConcepts { key } similarity } } }"
)


def simple_extractor() -> Any:
    from loaders.extraction.simple import SimpleExtractor

    return SimpleExtractor(dimensions=DEFAULT_EMBEDDING_DIMENSIONS)


@pytest.fixture
async def client(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> AsyncIterator[httpx.AsyncClient]:
    records = [r for r in read_corpus(seed_file) if isinstance(r, PaperRecord)]
    database = neo4j_settings.neo4j_database
    await extract_and_write(records, driver=driver, database=database, extractor=simple_extractor())
    await settle_graph(driver, database=database)
    async with api_client(neo4j_settings, extractor_factory=simple_extractor) as http:
        yield http


async def analyzed(client: httpx.AsyncClient, text: str) -> dict[str, Any]:
    body = (await client.post("/graphql", json={"query": ANALYZE, "variables": {"t": text}})).json()
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]["analyzeText"]
    return result


async def test_a_seed_abstract_finds_its_own_paper_first_and_writes_nothing(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    records, _, _ = await driver.execute_query(
        "MATCH (p:Paper) WHERE p.abstract CONTAINS 'DyAug' RETURN p.id AS id, p.abstract AS a",
        database_=database,
    )
    paper_id, abstract = records[0]["id"], records[0]["a"]
    before = await graph_counts(driver, database=database)
    extra = " Zorblax widgets help; zorblax widgets scale; zorblax widgets win."
    found = await analyzed(client, abstract + extra)
    assert await graph_counts(driver, database=database) == before
    assert found["related"][0]["paper"]["id"] == paper_id
    assert found["related"][0]["sharedConcepts"] and found["related"][0]["reason"]
    counts, _, _ = await driver.execute_query(
        "UNWIND $keys AS key OPTIONAL MATCH (c:Concept {key: key}) "
        "RETURN key, COUNT { (c)<-[:MENTIONS]-() } AS papers",
        keys=[c["key"] for c in found["concepts"]],
        database_=database,
    )
    assert {c["key"]: c["paperCount"] for c in found["concepts"]} == {
        r["key"]: r["papers"] for r in counts
    }
    assert any(m["key"] == "dyaug" and m["paperCount"] == 1 for m in found["methods"])
    new = {t["key"]: t["paperCount"] for t in found["new"]}
    assert any("zorblax" in key and count == 0 for key, count in new.items())
    assert all(count <= 2 for count in new.values())


async def test_an_empty_draft_is_bad_input(client: httpx.AsyncClient) -> None:
    body = (await client.post("/graphql", json={"query": ANALYZE, "variables": {"t": "  "}})).json()
    assert body["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def test_cli_help_and_a_missing_file(tmp_path: Path) -> None:
    env = {**os.environ, "NEO4J_URI": "bolt://127.0.0.1:1"}  # neither run reaches Neo4j
    run = [sys.executable, "-m", "papergraph", "analyze"]
    shown = subprocess.run([*run, "--help"], capture_output=True, text=True, env=env, check=False)
    assert shown.returncode == 0 and "stdin" in shown.stdout
    missing = tmp_path / "no-such-draft.txt"
    failed = subprocess.run(
        [*run, str(missing)], capture_output=True, text=True, env=env, check=False
    )
    assert failed.returncode == 1 and "no-such-draft.txt" in failed.stderr
    assert "Traceback" not in failed.stderr
