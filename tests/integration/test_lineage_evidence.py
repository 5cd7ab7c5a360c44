"""Evidence on the lineage edge, from the production extractor to GraphQL and every export
(real Neo4j): a text cue points at the base it names, name structure at the variant's name."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _api import api_client
from _evidence import evidence_problems
from neo4j import AsyncDriver

from graph.export import read_graph, to_networkx, write_graph
from graph.writes import clear_graph
from loaders.extraction import keybert_extractor
from loaders.pipeline import extract_and_write
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = [pytest.mark.neo4j, pytest.mark.model]

CUE = "We introduce FastGT, a model that extends GraphGPS with sparse attention."
NAMES = "We propose SD-LoRA, a low-rank method for class-incremental learning, tried on OPT-13B."
#: GraphGPS is written before the cue too: the evidence is the one after "extends".
PAPERS = {
    "lin-a": ("Fast graph transformers", f"GraphGPS is accurate but slow on big graphs. {CUE}"),
    "lin-b": ("Adapters that remember", f"Continual learning with adapters forgets. {NAMES}"),
}
#: (variant, base): (paper, phrase, sentence)
EXPECTED = {
    ("FastGT", "GraphGPS"): ("lin-a", "GraphGPS", CUE),
    ("SD-LoRA", "LoRA"): ("lin-b", "SD-LoRA", NAMES),
    ("OPT-13B", "OPT"): ("lin-b", "OPT-13B", NAMES),
}


def _record(pid: str, title: str, abstract: str) -> PaperRecord:
    return PaperRecord(
        id=pid,
        title=title,
        abstract=abstract,
        keywords=(),
        authors=(),
        year=2025,
        venue=None,
        status=None,
        source="lineage.jsonl",
        line=1,
    )


@pytest.fixture(scope="module")
async def loaded(session_driver: AsyncDriver, neo4j_settings: Settings) -> Settings:
    await clear_graph(session_driver, database=neo4j_settings.neo4j_database)
    await extract_and_write(
        [_record(pid, *text) for pid, text in PAPERS.items()],
        driver=session_driver,
        database=neo4j_settings.neo4j_database,
        extractor=keybert_extractor(fast=True),
    )
    await settle_graph(session_driver, database=neo4j_settings.neo4j_database)
    return neo4j_settings


@pytest.fixture
async def client(loaded: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async with api_client(loaded) as http:
        yield http


LINK = (
    "variant { name } base { name } paper { id title abstract } "
    "evidence { field start end text sentence sentenceStart sentenceEnd }"
)
QUERY = f"""{{
  fastgt: method(name: "FastGT") {{ variantOf {{ name }} variantLinks {{ {LINK} }} }}
  lora: lineage(method: "LoRA") {{ entries {{ method {{ name }} links {{ {LINK} }} }} }}
  opt: lineage(method: "OPT") {{ entries {{ method {{ name }} links {{ {LINK} }} }} }}
}}"""


def _shown(link: dict[str, Any]) -> tuple[tuple[str, str], tuple[str, str, str]]:
    """A GraphQL link as ``EXPECTED`` holds it, once its offsets check against the abstract."""
    paper, evidence = link["paper"], link["evidence"]
    assert evidence["field"] == "ABSTRACT"
    assert paper["abstract"][evidence["start"] : evidence["end"]] == evidence["text"]
    sentence = paper["abstract"][evidence["sentenceStart"] : evidence["sentenceEnd"]]
    assert sentence == evidence["sentence"]
    assert paper["title"] == PAPERS[paper["id"]][0]
    pair = (link["variant"]["name"], link["base"]["name"])
    return pair, (paper["id"], evidence["text"], evidence["sentence"])


async def test_graphql_shows_each_lineage_link_with_its_paper_and_phrase(
    client: httpx.AsyncClient,
) -> None:
    body = (await client.post("/graphql", json={"query": QUERY})).json()
    assert "errors" not in body, body["errors"]
    data = body["data"]
    assert data["fastgt"]["variantOf"] == {"name": "GraphGPS"}
    links = [*data["fastgt"]["variantLinks"]]
    for lineage, root in ((data["lora"], "LoRA"), (data["opt"], "OPT")):
        by_method = {e["method"]["name"]: e["links"] for e in lineage["entries"]}
        assert by_method.pop(root) == []  # the base varies nothing
        links += [link for entry in by_method.values() for link in entry]
    assert dict(map(_shown, links)) == EXPECTED


async def test_the_extracted_lineage_edges_index_their_papers_text(
    loaded: Settings, session_driver: AsyncDriver
) -> None:
    assert await evidence_problems(session_driver, loaded) == []


@pytest.mark.parametrize("fmt", ["json", "graphml", "gexf", "csv"])
async def test_every_export_keeps_the_lineage_edges_paper_and_evidence(
    loaded: Settings, fmt: str, tmp_path: Path
) -> None:
    path = write_graph(to_networkx(loaded), tmp_path / f"graph.{fmt}", fmt)  # type: ignore[arg-type]
    graph = read_graph(path, fmt)  # type: ignore[arg-type]
    found = {}
    for variant, base, data in graph.edges(data=True):
        if data["relationshipType"] != "VARIANT_OF":
            continue
        paper = graph.nodes[f"Paper:{data['paperId']}"]
        start, end = int(data["evidenceStart"]), int(data["evidenceEnd"])
        assert paper[data["evidenceField"]][start:end] == data["evidenceText"]
        sentence = paper["abstract"][int(data["sentenceStart"]) : int(data["sentenceEnd"])]
        assert sentence == data["sentence"]
        names = (graph.nodes[variant]["name"], graph.nodes[base]["name"])
        found[names] = (data["paperId"], data["evidenceText"], data["sentence"])
    assert found == EXPECTED
