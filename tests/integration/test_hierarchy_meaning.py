"""BROADER by meaning on the real Neo4j and the real MiniLM: a kind goes under its family even
when the family is not a suffix of its name, an acronym is placed as its long form, a lone
generic word is never a parent, and every link says which rule made it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from _rows import paper_mentioning
from neo4j import AsyncDriver

from graph.hierarchy import refresh_hierarchy
from graph.writes import PaperRow, upsert_papers
from loaders.extraction import keybert_extractor
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

GNN = "graph neural network"
GCN = "graph convolutional network"


@pytest.fixture(scope="module")
def embed() -> Any:
    return keybert_extractor().embed  # MiniLM alone, as a load passes it


def paper(pid: str, *keys: str, acronyms: tuple[tuple[str, str], ...] = ()) -> PaperRow:
    return dataclasses.replace(paper_mentioning(pid, keys), acronyms=acronyms)


def writing(row: PaperRow, key: str, name: str) -> PaperRow:
    """``row`` with its concept ``key`` written as ``name`` (an acronym in capitals)."""
    mentions = tuple(
        dataclasses.replace(m, name=name, aliases=(name,)) if m.key == key else m
        for m in row.mentions
    )
    return dataclasses.replace(row, mentions=mentions)


async def place(driver: AsyncDriver, settings: Settings, embed: Any, *papers: PaperRow) -> None:
    database = settings.neo4j_database
    await upsert_papers(driver, database=database, papers=list(papers))
    await refresh_hierarchy(driver, database=database, encoder=embed)


async def links(driver: AsyncDriver, settings: Settings) -> dict[str, tuple[str, str, Any]]:
    records, _, _ = await driver.execute_query(
        "MATCH (a:Concept)-[r:BROADER]->(b:Concept) "
        "RETURN a.key AS a, b.key AS b, r.reason AS reason, r.score AS score",
        database_=settings.neo4j_database,
    )
    return {r["a"]: (r["b"], r["reason"], r["score"]) for r in records}


async def test_a_graph_convolutional_network_goes_under_graph_neural_networks(
    driver: AsyncDriver, neo4j_settings: Settings, embed: Any
) -> None:
    await place(
        driver,
        neo4j_settings,
        embed,
        paper("a", GCN, GNN, "node classification"),
        paper("b", GNN, "message passing"),
        paper("c", GNN, "graph pooling"),
    )
    broader, reason, score = (await links(driver, neo4j_settings))[GCN]
    assert (broader, reason) == (GNN, "similarity")
    assert 0.7 <= score <= 1.0


async def test_an_acronym_is_placed_as_its_long_form_would_be(
    driver: AsyncDriver, neo4j_settings: Settings, embed: Any
) -> None:
    await place(
        driver,
        neo4j_settings,
        embed,
        paper("a", GCN, GNN, acronyms=(("GCN", GCN),)),
        paper("b", GNN, "message passing"),
        writing(paper("c", GNN, "gcn"), "gcn", "GCN"),  # the acronym, not defined there
        paper("d", "node", "graph pooling", acronyms=(("NODE", "neural ode"),)),
        paper("e", "neural ode", "ode"),
    )
    found = await links(driver, neo4j_settings)
    assert found["gcn"][:2] == (GNN, "acronym")
    assert found[GCN][0] == GNN
    assert "node" not in found  # a word papers write in lower case is no acronym


async def test_a_lone_generic_word_is_never_the_broader_concept(
    driver: AsyncDriver, neo4j_settings: Settings, embed: Any
) -> None:
    await place(
        driver,
        neo4j_settings,
        embed,
        paper("a", "bayesian network", "network", "point cloud", "cloud"),
        paper("b", "network", "language model", "model", "learning rate", "rate"),
        paper("c", "semantic segmentation", "segmentation", "network", "model"),
    )
    found = await links(driver, neo4j_settings)
    assert "bayesian network" not in found
    assert "language model" not in found
    assert "point cloud" not in found and "learning rate" not in found  # names too far apart
    broader, reason, score = found["semantic segmentation"]
    assert (broader, reason) == ("segmentation", "head") and score >= 0.68


async def test_a_sibling_is_no_parent_however_close_its_name(
    driver: AsyncDriver, neo4j_settings: Settings, embed: Any
) -> None:
    await place(
        driver,
        neo4j_settings,
        embed,
        paper("a", "offline learning", "online learning", "student model", "teacher model"),
        paper("b", "backdoor poisoning attack", "backdoor attack"),
    )
    found = await links(driver, neo4j_settings)
    assert "offline learning" not in found and "student model" not in found
    assert found["backdoor poisoning attack"][:2] == ("backdoor attack", "similarity")


async def test_a_compound_written_with_a_link_word_is_compared_with_the_words_past_it(
    driver: AsyncDriver, neo4j_settings: Settings, embed: Any
) -> None:
    # "AMR-to-text generation" is cut at no "to" (it is no kind of AMR): its words past the
    # "to" are compared with "generation", which another new concept also reaches, in the same
    # round of the load, which must not fail
    amr_to_text = writing(
        paper("a", "amr to text generation", "decoding"),
        "amr to text generation",
        "AMR-to-text generation",
    )
    other = paper("b", "generation", "conditional generation")
    await place(driver, neo4j_settings, embed, amr_to_text, other)
    placed = await links(driver, neo4j_settings)
    assert placed.get("amr to text generation", (None,))[0] in (None, "generation")
