"""One node per idea and one idea per node, from the production extractor to the real Neo4j:
a paper's own acronym shows in its defined case, an abbreviation papers define joins its long
form whatever its hyphens, and a name a paper coins in capitals with its own long form stays
apart from the word other papers write in ordinary case (the optimizer ``Adam`` and an agent
called ``ADAM``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from _rows import abstract_record
from neo4j import AsyncDriver

from graph.writes import clear_graph
from loaders.extraction import keybert_extractor
from loaders.pipeline import extract_and_write
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = [pytest.mark.neo4j, pytest.mark.model]

PAPERS = {
    "opt-a": (
        "We train deep networks with Adam and study how the learning rate warm-up of Adam "
        "changes with batch size in image classification."
    ),
    "opt-b": (
        "Adaptive optimizers such as Adam converge fast; we show that Adam with decoupled weight "
        "decay generalizes as well as momentum SGD on language modeling."
    ),
    "agent": (
        "Embodied agents in open worlds rely on prior knowledge. To this end, we introduce ADAM, "
        "An emboDied causal Agent in Minecraft, which learns causal world knowledge. ADAM "
        "decomposes tasks with a causal graph and excels without prior knowledge."
    ),
    "t2i-a": (
        "Diffusion models dominate text-to-image (T2I) generation. We study how T2I generation "
        "renders counting prompts and propose a counting loss."
    ),
    "t2i-b": (
        "Diffusion models for text-to-image generation struggle with spatial relations; we "
        "add layout guidance to them."
    ),
    "ilfo": (
        "Learning from videos without actions is a challenge known as Imitation Learning from "
        "Observation (ILfO). A common approach to ILfO converts it into inverse reinforcement "
        "learning with a proxy reward."
    ),
}


@pytest.fixture(scope="module")
async def loaded(session_driver: AsyncDriver, neo4j_settings: Settings) -> Settings:
    await clear_graph(session_driver, database=neo4j_settings.neo4j_database)
    records = [abstract_record(pid, text) for pid, text in PAPERS.items()]
    # an author keyword written apart: the hyphens of ``text-to-image`` make no other idea
    spaced = abstract_record("t2i-c", "We caption images with a small vision-language model.")
    records.append(replace(spaced, keywords=("Text to image generation",)))
    await extract_and_write(
        records,
        driver=session_driver,
        database=neo4j_settings.neo4j_database,
        extractor=keybert_extractor(top_n=15),
    )
    await settle_graph(session_driver, database=neo4j_settings.neo4j_database)
    return neo4j_settings


async def _rows(driver: AsyncDriver, settings: Settings, statement: Any) -> list[dict[str, Any]]:
    records, _, _ = await driver.execute_query(statement, database_=settings.neo4j_database)
    return [r.data() for r in records]


async def test_an_agent_coined_in_capitals_is_not_the_optimizer(
    session_driver: AsyncDriver, loaded: Settings
) -> None:
    rows = await _rows(
        session_driver,
        loaded,
        "MATCH (p:Paper)-[r]->(n) WHERE n.key STARTS WITH 'adam' "
        "RETURN n.key AS key, n.name AS name, labels(n)[0] AS label, "
        "collect(DISTINCT p.id) AS papers ORDER BY key",
    )
    by_key = {r["key"]: r for r in rows}
    # the optimizer: what the papers that write ``Adam`` link to (a concept here: a word in
    # ordinary case is no method name)
    assert sorted(by_key["adam"]["papers"]) == ["opt-a", "opt-b"]
    [agent] = [r for r in rows if r["key"].startswith("adam (")]
    assert (agent["name"], agent["label"], agent["papers"]) == ("ADAM", "Method", ["agent"])
    assert not [r for r in rows if "agent" in r["papers"] and r is not agent]


async def test_a_defined_abbreviation_and_its_spellings_are_one_concept(
    session_driver: AsyncDriver, loaded: Settings
) -> None:
    rows = await _rows(
        session_driver,
        loaded,
        "MATCH (p:Paper)-[:MENTIONS]->(c:Concept) WHERE p.id STARTS WITH 't2i' "
        "RETURN c.key AS key, collect(p.id) AS papers",
    )
    keys = {r["key"]: sorted(r["papers"]) for r in rows}
    assert not [k for k in keys if "t2i" in k.split()], keys
    assert keys["text to image generation"] == ["t2i-a", "t2i-b", "t2i-c"], keys


async def test_a_papers_own_acronym_shows_in_its_defined_case(
    session_driver: AsyncDriver, loaded: Settings
) -> None:
    rows = await _rows(
        session_driver,
        loaded,
        "MATCH (:Paper {id: 'ilfo'})-[:MENTIONS]->(c:Concept) "
        "RETURN c.key AS key, c.name AS name, c.aliases AS aliases",
    )
    by_key = {r["key"]: r for r in rows}
    assert "ilfo" not in by_key
    defined = by_key["imitation learning from observation"]
    assert defined["name"] == "Imitation Learning from Observation"
    assert "ILfO" in defined["aliases"]
