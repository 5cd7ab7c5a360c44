"""The seed loaded with the production extractor (real Neo4j): every contribution is proposed
by its paper with its kind, and GraphQL answers kinds, datasets and lineage."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _api import api_client
from neo4j import AsyncDriver

from graph.writes import clear_graph
from loaders.extraction import keybert_extractor
from loaders.pipeline import extract_and_write
from loaders.readers import read_corpus
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j
LABELS: dict[str, Any] = json.loads(
    (Path(__file__).parents[1] / "data" / "seed-contributions.json").read_text(encoding="utf-8")
)


@pytest.fixture(scope="module")
async def client(
    session_driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> AsyncIterator[httpx.AsyncClient]:
    await clear_graph(session_driver, database=neo4j_settings.neo4j_database)
    records = [r for r in read_corpus(seed_file) if isinstance(r, PaperRecord)]
    await extract_and_write(
        records,
        driver=session_driver,
        database=neo4j_settings.neo4j_database,
        extractor=keybert_extractor(),
    )
    await settle_graph(session_driver, database=neo4j_settings.neo4j_database)
    async with api_client(neo4j_settings) as http:
        yield http


async def _data(client: httpx.AsyncClient, query: str, **variables: Any) -> Any:
    response = await client.post("/graphql", json={"query": query, "variables": variables})
    body = response.json()
    assert "errors" not in body, body["errors"]
    return body["data"]


async def test_every_seed_contribution_is_proposed_by_its_paper_with_its_kind(
    client: httpx.AsyncClient,
) -> None:
    found = await _data(
        client,
        "{ papers(first: 50) { edges { node { abstract proposes { name kind } } } } }",
    )
    proposed = {
        edge["node"]["abstract"]: {m["name"]: m["kind"].lower() for m in edge["node"]["proposes"]}
        for edge in found["papers"]["edges"]
    }
    for paper in LABELS["papers"]:
        [abstract] = [a for a in proposed if a.startswith(paper["starts"])]
        assert proposed[abstract] == paper["proposes"], paper["starts"]


async def test_methods_and_papers_filter_by_kind(client: httpx.AsyncClient) -> None:
    found = await _data(
        client,
        """{ datasets: methods(kind: DATASET) { edges { node { name kind } } }
             papers(dataset: "ImageNet") { edges { node { abstract datasets { name } } } }
             notData: papers(dataset: "DiT") { totalCount } }""",
    )
    names = {e["node"]["name"] for e in found["datasets"]["edges"]}
    assert {"ImageNet", "Mirage"} <= names
    [paper] = [e["node"] for e in found["papers"]["edges"]]
    assert paper["abstract"].startswith("Diffusion Transformer (DiT)")
    assert paper["datasets"] == [{"name": "ImageNet"}]
    assert found["notData"]["totalCount"] == 0  # DiT is a model


async def test_lineage_answers_who_introduced_varied_and_used_a_method(
    client: httpx.AsyncClient,
) -> None:
    found = await _data(
        client,
        """{ method(name: "DyDiT") { kind variantOf { name }
                                   variantLinks { paper { abstract } evidence { text } } }
             lineage(method: "DiT") {
               method { name }
               entries { depth method { name } introducedBy { abstract } usedBy { year } }
             } }""",
    )
    [link] = found["method"].pop("variantLinks")
    assert found["method"] == {"kind": "MODEL", "variantOf": {"name": "DiT"}}
    # its long form says so: Dynamic Diffusion Transformer (DyDiT) varies Diffusion Transformer
    assert link["evidence"]["text"] == "Dynamic Diffusion Transformer"
    assert link["paper"]["abstract"].startswith("Diffusion Transformer (DiT)")
    entries = {e["method"]["name"]: e for e in found["lineage"]["entries"]}
    assert found["lineage"]["method"]["name"] == "DiT"
    assert entries["DiT"]["depth"] == 0 and entries["DyDiT"]["depth"] == 1
    assert {"DyDiT", "DiT-XL"} <= set(entries)
    [introducing] = entries["DyDiT"]["introducedBy"]
    assert introducing["abstract"].startswith("Diffusion Transformer (DiT)")
    assert entries["DiT"]["introducedBy"] == []  # used, not proposed, by the seed
