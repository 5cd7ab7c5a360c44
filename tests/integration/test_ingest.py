"""One ingest use case behind every entry point: `papergraph extract` prints what `papergraph
load` writes, and an acronym a load learnt resolves in a later `ingestPapers`, whether the API
runs in-process after `papergraph load` or is served by `papergraph up`."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _api import api_client
from _graphdump import concept_keys
from neo4j import AsyncDriver
from pydantic import SecretStr
from test_load_cli import papergraph
from test_serve_cli import running

from papergraph.settings import Settings

pytestmark = [pytest.mark.neo4j, pytest.mark.model]
TOKEN = "ingest-token-789"
DEFINES = {
    "id": "defines-gnn",
    "title": "Message Passing on Molecules",
    "abstract": (
        "Graph neural networks (GNNs) learn representations of molecules by passing messages "
        "between atoms. We show that GNNs trained with a contrastive objective predict "
        "molecular properties more accurately than fingerprints."
    ),
}
#: Uses the acronym without spelling it out: only what an earlier load learnt resolves it.
USES = {
    "id": "uses-gnn",
    "title": "Deeper Message Passing",
    "abstract": (
        "GNNs struggle on long-range dependencies. We show that GNNs with virtual nodes close "
        "the gap on protein interaction benchmarks while keeping training cost linear."
    ),
}
INGEST = "mutation($p: [PaperInput!]!) { ingestPapers(papers: $p) { written ids } }"


async def mentions(driver: AsyncDriver, settings: Settings, paper_id: str) -> list[Any]:
    records, _, _ = await driver.execute_query(
        "MATCH (:Paper {id: $id})-[m:MENTIONS]->(c:Concept) RETURN c.name AS name, m.score AS score "
        "ORDER BY m.rank",
        id=paper_id,
        database_=settings.neo4j_database,
    )
    return [(r["name"], pytest.approx(r["score"], abs=1e-3)) for r in records]


@pytest.fixture
def defining_corpus(tmp_path: Path) -> Path:
    path = tmp_path / "defines.jsonl"
    path.write_text(json.dumps(DEFINES) + "\n")
    return path


@pytest.fixture
async def api(neo4j_settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    """The API with its production extractor (the real model), mutations allowed."""
    async with api_client(
        neo4j_settings.model_copy(update={"api_token": SecretStr(TOKEN)})
    ) as http:
        yield http


async def ingest(client: httpx.AsyncClient, *papers: dict[str, str]) -> dict[str, Any]:
    response = await client.post(
        "/graphql",
        json={"query": INGEST, "variables": {"p": list(papers)}},
        headers={"Authorization": f"Bearer {TOKEN}"},
        timeout=300,
    )
    body: dict[str, Any] = response.json()
    assert "errors" not in body, body["errors"]
    return body["data"]["ingestPapers"]


async def test_load_extract_and_ingest_papers_agree(
    driver: AsyncDriver,
    neo4j_settings: Settings,
    defining_corpus: Path,
    api: httpx.AsyncClient,
) -> None:
    loaded = papergraph(neo4j_settings, "load", str(defining_corpus))
    assert loaded.returncode == 0, loaded.stderr
    assert "graph neural network" in await concept_keys(driver, neo4j_settings, "defines-gnn")
    extracted = papergraph(neo4j_settings, "extract", str(defining_corpus))
    assert extracted.returncode == 0, extracted.stderr
    printed = json.loads(extracted.stdout)
    assert [(c["name"], c["score"]) for c in printed["concepts"]] == await mentions(
        driver, neo4j_settings, "defines-gnn"
    )
    assert await ingest(api, USES) == {"written": 1, "ids": ["uses-gnn"]}
    keys = await concept_keys(driver, neo4j_settings, "uses-gnn")
    assert "graph neural network" in keys and "gnn" not in keys


async def test_papergraph_up_loads_and_its_api_ingests_through_the_same_use_case(
    driver: AsyncDriver,
    neo4j_settings: Settings,
    defining_corpus: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PAPERGRAPH_API_TOKEN", TOKEN)  # the served API's, through its env
    with running(neo4j_settings, "up", str(defining_corpus), wait=400) as (base, _):
        async with httpx.AsyncClient(base_url=base) as http:
            assert await ingest(http, USES) == {"written": 1, "ids": ["uses-gnn"]}
    assert "graph neural network" in await concept_keys(driver, neo4j_settings, "defines-gnn")
    keys = await concept_keys(driver, neo4j_settings, "uses-gnn")
    assert "graph neural network" in keys and "gnn" not in keys
