"""The README's tour, asked of the seed as `make up` loads it (the production extractor, the
ingest every entry point runs, a real Neo4j). Each query the tour shows is in README.md word for
word, and each answer the tour states is asserted here and named in the tour, so neither the
product nor the README can change without the other."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _api import api_client
from neo4j import AsyncDriver

from graph.writes import clear_graph
from loaders.pipeline import read_corpora
from papergraph.settings import Settings
from papergraph.usecases.ingest import build_extractor, ingest_papers

pytestmark = [pytest.mark.neo4j, pytest.mark.model]

README = Path(__file__).resolve().parents[2] / "README.md"
DYAUG = "pg-9f0eeceabf2b5c00"
QUERY_LOCALIZATION = "pg-42a7a838b86884ed"
DRAFT = (
    "We propose TempoGraph, a contrastive augmentation method for dynamic graph neural "
    "networks. TempoGraph perturbs the snapshots of a dynamic graph while keeping their "
    "temporal consistency, and improves dynamic GNNs on link prediction."
)


def _flat(text: str) -> str:
    """``text`` with its whitespace runs as single spaces: the README wraps its lines."""
    return " ".join(text.split())


def _tour() -> str:
    """The README's tour section, from its heading to the next section's, lines joined."""
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## A tour")
    return _flat(text[start : text.index("\n## ", start + 1)])


TOUR = _tour()


def _in_tour(*answers: str) -> None:
    for answer in answers:
        assert _flat(answer) in TOUR, f"the README's tour no longer says {answer!r}"


#: How many times a query is sent while the models load (the API waits 10 s each time).
LOADING_TRIES = 10


@pytest.fixture(scope="module")
async def client(
    session_driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> AsyncIterator[httpx.AsyncClient]:
    await clear_graph(session_driver, database=neo4j_settings.neo4j_database)
    await ingest_papers(
        read_corpora([seed_file]).records,
        driver=session_driver,
        settings=neo4j_settings,
        extractor=build_extractor(neo4j_settings),
    )
    async with api_client(neo4j_settings) as http:
        yield http


async def _ask(client: httpx.AsyncClient, query: str, **variables: Any) -> Any:
    """The answer to a query the tour shows (it must be there, word for word). A draft's
    analysis answers TIMEOUT while the extraction models load; the reader retries, as the
    error says to."""
    assert _flat(query) in TOUR, f"the README's tour no longer shows {query}"
    for _ in range(LOADING_TRIES):
        response = await client.post("/graphql", json={"query": query, "variables": variables})
        body = response.json()
        codes = {e.get("extensions", {}).get("code") for e in body.get("errors", [])}
        if codes != {"TIMEOUT"}:
            break
        await asyncio.sleep(2)
    assert "errors" not in body, body["errors"]
    return body["data"]


async def test_tour_dyaug_is_a_method_its_paper_proposes(client: httpx.AsyncClient) -> None:
    query = '{ method(name: "DyAug") { kind proposedBy { label } usedBy { totalCount } } }'
    found = (await _ask(client, query))["method"]
    assert found == {
        "kind": "METHOD",
        "proposedBy": [{"label": "DyAug"}],
        "usedBy": {"totalCount": 0},
    }
    _in_tour("`METHOD`", "used by no other seed paper")


async def test_tour_what_each_paper_proposes_main_contribution_first(
    client: httpx.AsyncClient,
) -> None:
    query = "{ papers(first: 20) { edges { node { label proposes { name kind variantOf { name } } } } } }"
    edges = (await _ask(client, query))["papers"]["edges"]
    proposed = {e["node"]["label"]: e["node"]["proposes"] for e in edges}
    assert len(proposed) == 19
    names = {label: [m["name"] for m in methods] for label, methods in proposed.items()}
    kinds = {m["name"]: m["kind"] for methods in proposed.values() for m in methods}
    assert names["DyDiT"] == ["DyDiT", "TDW", "SDT"]
    assert names["Query Localization"] == ["Query Localization", "Consistency-Aware KN"]
    assert names["SemiSGD"] == ["SemiSGD", "PA-LFA"]
    assert proposed["DyDiT"][0]["variantOf"] == {"name": "DiT"}
    assert proposed["COFlowNet"][0]["variantOf"] == {"name": "GFlowNet"}
    assert (kinds["Cybench"], kinds["Mirage"], kinds["DyDiT"]) == ("BENCHMARK", "DATASET", "MODEL")
    others = set(kinds) - {"Cybench", "Mirage", "DyDiT"}
    assert {"PC-Winter", "JPEG-DL", "COFlowNet", "DyAug"} <= others
    assert {kinds[name] for name in others} == {"METHOD"}
    unnamed = [label for label, methods in proposed.items() if not methods]
    assert len(unnamed) == 3 and all(label.endswith("…") for label in unnamed)  # opening words
    _in_tour(
        "`DyDiT`, `TDW`, `SDT`",
        "`Query Localization`, `Consistency-Aware KN`",
        "`SemiSGD`, `PA-LFA`",
        "`Cybench` a `BENCHMARK`",
        "`Mirage` a `DATASET`",
        "`DyDiT` a `MODEL`",
        "`VARIANT_OF` `DiT`",
        "`COFlowNet`",
        "`GFlowNet`",
        "Three papers propose no named method",
    )


async def test_tour_evidence_points_at_the_sentence_that_proposes(
    client: httpx.AsyncClient,
) -> None:
    query = f'{{ paper(id: "{DYAUG}") {{ methodMentions {{ relation method {{ name }} evidence {{ text sentence }} }} }} }}'
    [mention] = (await _ask(client, query))["paper"]["methodMentions"]
    assert mention["relation"] == "PROPOSES" and mention["method"] == {"name": "DyAug"}
    assert mention["evidence"]["text"] == "DyAug"
    sentence = mention["evidence"]["sentence"]
    assert sentence.startswith("In light of this limitation, we propose")
    assert r"termed $\texttt{DyAug}$" in sentence
    _in_tour("`PROPOSES DyAug`", "evidence text `DyAug`", sentence)


async def test_tour_related_papers_say_why(client: httpx.AsyncClient) -> None:
    query = f'{{ relatedPapers(id: "{DYAUG}", first: 4) {{ reason paper {{ label }} }} }}'
    alike = (await _ask(client, query))["relatedPapers"]
    assert [r["paper"]["label"] for r in alike][:2] == ["PC-Winter", "COFlowNet"]
    assert all(r["reason"].startswith("abstracts more alike than most (cosine") for r in alike)
    query = (
        f'{{ relatedPapers(id: "{QUERY_LOCALIZATION}", first: 4) {{ reason paper {{ label }} }} }}'
    )
    sharing = (await _ask(client, query))["relatedPapers"]
    assert [r["paper"]["label"] for r in sharing] == ["Mirage", "Tok-RAG", "LongPack", "Booster"]
    assert all(r["reason"].startswith("shares concept large language models") for r in sharing)
    assert all("abstracts more alike than most" in r["reason"] for r in sharing)
    _in_tour(
        "`PC-Winter` and `COFlowNet`",
        f'*"{alike[0]["reason"]}"*',
        "`Mirage`, `Tok-RAG`, `LongPack` and `Booster`",
        '*"shares concept large language models"*',
    )


async def test_tour_concept_hierarchy(client: httpx.AsyncClient) -> None:
    query = '{ concept(name: "graph neural networks") { broader { name } narrower { name } } }'
    found = (await _ask(client, query))["concept"]
    assert found == {"broader": [], "narrower": [{"name": "dynamic GNNs"}]}
    _in_tour("`graph neural networks` has the narrower `dynamic GNNs`")


async def test_tour_where_a_draft_fits(client: httpx.AsyncClient) -> None:
    query = "query($t: String!) { analyzeText(text: $t) { new { name } related { reason paper { label } } } }"
    found = (await _ask(client, query, t=DRAFT))["analyzeText"]
    nearest = found["related"][0]
    assert nearest["paper"]["label"] == "DyAug"
    shared = "shares concepts dynamic GNNs, dynamic graphs, temporal consistency"
    broader = (
        "both about graph neural networks (dynamic graph neural networks / graph neural networks)"
    )
    assert nearest["reason"].startswith(f"{shared}; {broader}; abstracts more alike than most")
    new = {c["name"] for c in found["new"]}
    assert {"TempoGraph", "contrastive augmentation method", "snapshots", "link prediction"} <= new
    _in_tour(
        DRAFT,
        "nearest paper is `DyAug`",
        f'*"{shared}; {broader}; …"*',
        "`TempoGraph`, `contrastive augmentation method`, `snapshots`, `link prediction`",
    )


async def test_tour_search_and_recommendations_say_why(client: httpx.AsyncClient) -> None:
    query = (
        '{ papers(search: "augmenting graphs that change over time", first: 3) '
        "{ edges { node { label } match { terms reason } } } }"
    )
    hits = (await _ask(client, query))["papers"]["edges"]
    assert [h["node"]["label"] for h in hits][:2] == ["DyAug", "PC-Winter"]
    query = (
        '{ recommendPapers(positive: ["pg-42a7a838b86884ed"], negative: ["pg-9f0eeceabf2b5c00"], '
        "first: 3) { reason paper { label } } }"
    )
    liked = (await _ask(client, query))["recommendPapers"]
    assert [r["paper"]["label"] for r in liked][:2] == ["Mirage", "Tok-RAG"]
    _in_tour(
        f'*"{hits[0]["match"]["reason"]}"*',
        "then `PC-Winter`",
        f'`Mirage` (*"{liked[0]["reason"]}"*) and `Tok-RAG`',
    )
