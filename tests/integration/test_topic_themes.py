"""Topics read as themes on the real Neo4j: a generic concept mentioned across every theme
neither joins nor names a topic, a topic is named by its specific concepts before the broad
one every paper of it mentions, and a concept a paper borrows from another theme stays in its
own, by the papers' stored embeddings."""

from __future__ import annotations

import dataclasses

import pytest
from _rows import paper_mentioning
from _topics import BORROWING, THEMES, borrowing_papers, themes_of
from neo4j import AsyncDriver

from graph.schema import DEFAULT_EMBEDDING_DIMENSIONS
from graph.topics import refresh_topics
from graph.writes import PaperRow, upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

GENERIC = ("model", "deep learning")  # a lone generic word, the field's own name


def corpus() -> list[PaperRow]:
    """Twelve papers a theme, three of its four concepts each; every third paper on graphs
    and one paper of every other theme also mention the generic concepts (so by counts
    alone they would sit in the graph theme)."""
    rows = []
    for theme, keys in THEMES.items():
        for i in range(12):
            chosen = [k for j, k in enumerate(keys) if j != i % 4]
            extra = list(GENERIC) if (i % 3 == 0 if theme == "graph" else i == 1) else []
            rows.append(paper_mentioning(f"{theme}-{i}", [*extra, *chosen]))
    return rows


async def test_a_generic_concept_neither_joins_nor_names_a_topic(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    await upsert_papers(driver, database=database, papers=corpus())
    assert await refresh_topics(driver, database=database) == len(THEMES)
    records, _, _ = await driver.execute_query(
        "MATCH (t:Topic) RETURN t.name AS name, [(c)-[:IN_TOPIC]->(t) | c.key] AS keys",
        database_=database,
    )
    assert {frozenset(r["keys"]) for r in records} == {frozenset(k) for k in THEMES.values()}
    for record in records:
        assert not set(record["name"].split(" · ")) & set(GENERIC)


async def test_topics_weigh_shared_concepts_by_the_papers_embeddings(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    rows = []
    for n, (keys, theme) in enumerate(borrowing_papers()):
        axis = [0.0] * DEFAULT_EMBEDDING_DIMENSIONS
        axis[theme] = 1.0
        rows.append(dataclasses.replace(paper_mentioning(f"p{n}", keys), embedding=tuple(axis)))
    await upsert_papers(driver, database=database, papers=rows)
    await refresh_topics(driver, database=database)
    records, _, _ = await driver.execute_query(
        "MATCH (t:Topic) RETURN [(c)-[:IN_TOPIC]->(t) | [c.key, 1.0]] AS members",
        database_=database,
    )
    assert sorted(themes_of(r["members"]) for r in records) == [{t} for t in sorted(BORROWING)]
