"""Evidence on extracted edges against the real Neo4j: offsets that index the stored text, in
GraphQL, in every export format and in the Browser query; reloads keep or replace it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import networkx as nx
import pytest
from _api import api_client
from _evidence import EVIDENCE, evidence_problems, extracted_edges
from neo4j import AsyncDriver

from graph.export import read_graph, to_networkx, write_graph
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import LoadReport, extract_and_write, read_corpora
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j
REPO = Path(__file__).resolve().parents[2]
BROWSER_QUERY = REPO / "cypher" / "browser" / "paper_evidence.cypher"
#: A PDF's control character before the phrases: XML exports must not shift the offsets.
PDF_PAPER = PaperRecord(
    id="pdf-1",
    title="Scaling graph transformers with neighbour sampling",
    abstract=(
        "Mo\x02tivated by sparse attention, we propose SparGT, a sparse graph transformer. "
        "SparGT samples graph neighbourhoods and scales graph transformers to large graphs."
    ),
    keywords=("graph transformers", "never written here"),
    authors=(),
    year=2025,
    venue=None,
    status=None,
    source="pdf.jsonl",
    line=1,
)


class ChangedExtractor(SimpleExtractor):
    """The same extractor, a new version that keeps fewer concepts."""

    version = "simple-changed"


async def load(
    records: list[PaperRecord], settings: Settings, driver: AsyncDriver, **kw: Any
) -> LoadReport:
    extractor = kw.pop("extractor", None) or SimpleExtractor(dimensions=384)
    report = await extract_and_write(
        records, driver=driver, database=settings.neo4j_database, extractor=extractor, **kw
    )
    await settle_graph(driver, database=settings.neo4j_database)
    return report


@pytest.fixture
async def seeded(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> list[PaperRecord]:
    records = [*read_corpora([seed_file]).records, PDF_PAPER]
    await load(records, neo4j_settings, driver)
    return records


async def evidence_by_edge(
    driver: AsyncDriver, settings: Settings
) -> dict[tuple[str, ...], tuple[Any, ...]]:
    return {
        (e["paper"], e["type"], e["key"]): tuple(e["evidence"][k] for k in EVIDENCE)
        for e in await extracted_edges(driver, settings)
    }


async def test_every_edge_points_at_its_phrase_in_the_stored_text(
    seeded: list[PaperRecord], driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    assert await evidence_problems(driver, neo4j_settings) == []
    edges = await extracted_edges(driver, neo4j_settings)
    fields = {e["evidence"]["evidenceField"] for e in edges}
    assert {"abstract", "title"} <= fields  # a phrase only the title writes points there
    missing = {e["key"] for e in edges if e["evidence"]["evidenceField"] is None}
    assert missing == {"never written here"}  # only the author keyword the text never uses
    spargt = next(e for e in edges if e["key"] == "spargt" and e["paper"] == "pdf-1")
    assert (
        spargt["evidence"]["sentence"]
        == "Mo\x02tivated by sparse attention, we propose SparGT, a sparse graph transformer."
    )


async def test_a_reload_keeps_evidence_and_a_new_extractor_version_replaces_it(
    seeded: list[PaperRecord], driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    before = await evidence_by_edge(driver, neo4j_settings)
    again = await load(seeded, neo4j_settings, driver, batch_size=7)
    assert (again.written, again.unchanged) == (0, len(seeded))
    assert await evidence_by_edge(driver, neo4j_settings) == before

    changed = await load(
        seeded, neo4j_settings, driver, extractor=ChangedExtractor(top_n=3, dimensions=384)
    )
    assert changed.written == len(seeded)
    after = await evidence_by_edge(driver, neo4j_settings)
    assert after != before and set(after) < set(before)  # fewer concepts, no stale edge kept
    assert await evidence_problems(driver, neo4j_settings) == []
    records, _, _ = await driver.execute_query(
        "MATCH (:Paper)-[r:MENTIONS|PROPOSES|USES]->() RETURN collect(DISTINCT r.extractor) AS v",
        database_=neo4j_settings.neo4j_database,
    )
    assert records[0]["v"] == ["simple-changed"]


# -- GraphQL ------------------------------------------------------------------------------------

EVIDENCE_FIELDS = "evidence { field start end text sentence sentenceStart sentenceEnd }"
PAPERS = f"""{{ papers(first: 100) {{ edges {{ node {{
  id title abstract proposes {{ key }} uses {{ key }}
  concepts(first: 100) {{ concept {{ key }} source {EVIDENCE_FIELDS} }}
  methodMentions {{ relation score method {{ key }} {EVIDENCE_FIELDS} }}
}} }} }} }}"""


@pytest.fixture
async def client(
    seeded: list[PaperRecord], neo4j_settings: Settings
) -> AsyncIterator[httpx.AsyncClient]:
    async with api_client(
        neo4j_settings, extractor_factory=lambda: SimpleExtractor(dimensions=384)
    ) as http:
        yield http


def check_graphql_evidence(paper: dict[str, Any], evidence: dict[str, Any]) -> None:
    stored = paper[evidence["field"].lower()]
    assert stored[evidence["start"] : evidence["end"]] == evidence["text"]
    assert stored[evidence["sentenceStart"] : evidence["sentenceEnd"]] == evidence["sentence"]
    assert evidence["text"] in evidence["sentence"]


async def test_graphql_shows_evidence_on_concepts_and_methods(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    body = (await client.post("/graphql", json={"query": PAPERS})).json()
    assert "errors" not in body, body
    papers = [e["node"] for e in body["data"]["papers"]["edges"]]
    stored = await evidence_by_edge(driver, neo4j_settings)
    shown = 0
    for paper in papers:
        for mention in paper["concepts"]:
            if mention["evidence"] is None:
                assert mention["source"] == "author"
                continue
            check_graphql_evidence(paper, mention["evidence"])
            assert (
                mention["evidence"]["start"]
                == stored[(paper["id"], "MENTIONS", mention["concept"]["key"])][1]
            )
            shown += 1
        links = {(m["relation"], m["method"]["key"]) for m in paper["methodMentions"]}
        assert links == {("PROPOSES", m["key"]) for m in paper["proposes"]} | {
            ("USES", m["key"]) for m in paper["uses"]
        }
        for link in paper["methodMentions"]:
            check_graphql_evidence(paper, link["evidence"])
            shown += 1
        relations = [m["relation"] for m in paper["methodMentions"]]
        assert relations == sorted(relations, key=lambda r: r != "PROPOSES")  # proposed first
    assert shown == sum(1 for v in stored.values() if v[0] is not None)


# -- exports and the Browser query --------------------------------------------------------------


def plain_read(path: Path, fmt: str) -> nx.Graph:
    if fmt == "json":
        with path.open(encoding="utf-8") as handle:
            return nx.node_link_graph(json.load(handle))
    return nx.read_graphml(path) if fmt == "graphml" else nx.read_gexf(path)


@pytest.mark.parametrize("fmt", ["json", "graphml", "gexf", "csv"])
async def test_exports_keep_evidence_that_indexes_the_exported_text(
    seeded: list[PaperRecord],
    driver: AsyncDriver,
    neo4j_settings: Settings,
    fmt: str,
    tmp_path: Path,
) -> None:
    path = write_graph(to_networkx(neo4j_settings), tmp_path / f"graph.{fmt}", fmt)  # type: ignore[arg-type]
    graphs = [read_graph(path, fmt)]  # type: ignore[arg-type]
    if fmt != "csv":
        graphs.append(plain_read(path, fmt))  # what networkx alone reads
    stored = await evidence_by_edge(driver, neo4j_settings)
    for graph in graphs:
        checked = 0
        for paper, _node, data in graph.edges(data=True):
            if "evidenceField" not in data:
                continue
            text = graph.nodes[paper][data["evidenceField"]]
            start, end = int(data["evidenceStart"]), int(data["evidenceEnd"])
            assert text[start:end] == data["evidenceText"]
            assert text[int(data["sentenceStart"]) : int(data["sentenceEnd"])] == data["sentence"]
            checked += 1
        assert checked == sum(1 for v in stored.values() if v[0] is not None)


def browser_statement() -> str:
    lines = BROWSER_QUERY.read_text().splitlines()
    return " ".join(line for line in lines if line.strip() and not line.startswith("//"))


async def test_browser_query_lists_a_paper_with_its_evidence_sentences(
    seeded: list[PaperRecord], driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    records, _, _ = await driver.execute_query(
        browser_statement(), paperId="pdf-1", database_=neo4j_settings.neo4j_database
    )
    rows = [r.data() for r in records]
    assert rows[0]["relation"] == "PROPOSES" and rows[0]["name"] == "SparGT"
    assert rows[0]["phrase"] in rows[0]["sentence"]
    assert {r["relation"] for r in rows} == {"PROPOSES", "MENTIONS"}
    assert all(r["phrase"] in r["sentence"] for r in rows if r["sentence"] is not None)
