"""The acronym definitions a load learns from stored papers, on the real Neo4j: for each acronym
its input can use, the definition of the stored paper with the smallest id, exactly what reading
every paper's list gave, through reloads, id changes and deletions, in a graph written before
the definitions were indexed too, and read by index, whatever the size of the graph."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest
from _graphdump import concept_keys
from _rows import abstract_record
from neo4j import AsyncDriver

from graph.cypher import query
from graph.export import to_networkx
from graph.schema import ensure_schema
from graph.writes import PaperRow, delete_paper, known_acronyms, upsert_papers
from loaders.extraction import AcronymRegistry, keybert_extractor
from loaders.pipeline import extract_and_write
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

GRAPH = ("GNN", "graph neural network")
GATED = ("GNN", "gated neural network")
LLM = ("LLM", "large language model")


def defining(
    pid: str, *definitions: tuple[str, str], match_key: str = "", source_id: bool = True
) -> PaperRow:
    """A paper ``pid`` that defines ``definitions`` (acronym, concept key)."""
    key = match_key or f"mk-{pid}"
    return PaperRow(
        id=pid,
        source_id=source_id,
        match_key=key,
        content_hash=f"h-{pid}-{definitions}",
        abstract=f"Abstract {key}.",
        label=pid,
        source="test",
        extractor="hand",
        acronyms=definitions,
    )


async def write(driver: AsyncDriver, settings: Settings, *papers: PaperRow) -> None:
    await upsert_papers(driver, database=settings.neo4j_database, papers=list(papers))


async def known(driver: AsyncDriver, settings: Settings, *asked: str) -> list[tuple[str, str]]:
    return await known_acronyms(driver, database=settings.neo4j_database, acronyms=asked)


async def every_list(driver: AsyncDriver, settings: Settings, asked: Iterable[str]) -> list[Any]:
    """What a load learnt before the definitions were indexed: every paper's list, papers in id
    order, into a registry (the first definition of an acronym wins), of the acronyms asked."""
    records, _, _ = await driver.execute_query(
        "MATCH (p:Paper) WHERE p.acronyms IS NOT NULL UNWIND p.acronyms AS d "
        "WITH DISTINCT p.id AS id, d RETURN d ORDER BY id, d",
        database_=settings.neo4j_database,
    )
    registry = AcronymRegistry(tuple(r["d"].split("=", 1)) for r in records)
    wanted = set(asked)
    return [pair for pair in registry.items() if pair[0] in wanted]


async def test_an_acronym_reads_the_definition_of_the_smallest_paper_id(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await write(
        driver,
        neo4j_settings,
        defining("b-graph", GRAPH, LLM),
        defining("a-gated", GATED),
        defining("c-graph", GRAPH),
    )
    asked = ("GNN", "LLM", "VAE")
    assert await known(driver, neo4j_settings, *asked) == [GATED, LLM]
    assert await known(driver, neo4j_settings, *asked) == await every_list(
        driver, neo4j_settings, asked
    )


async def test_a_reload_an_id_change_or_a_deletion_moves_the_definition(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    steps: list[tuple[PaperRow | str, tuple[str, str] | None]] = [
        (defining("m-graph", GRAPH), GRAPH),
        # a content-hash id sorts after m-graph: its definition waits
        (defining("pg-0001", GATED, match_key="mk-hashed", source_id=False), GRAPH),
        # the same paper from a source with an id: the smallest id now
        (defining("a-source", GATED, match_key="mk-hashed"), GATED),
        # reloaded without the definition: the next paper's counts again
        (defining("a-source", match_key="mk-hashed"), GRAPH),
        (
            defining("a-source", ("GNN", "graph network"), match_key="mk-hashed"),
            ("GNN", "graph network"),
        ),
        ("a-source", GRAPH),
        ("m-graph", None),
    ]
    for step, expected in steps:
        if isinstance(step, str):
            assert await delete_paper(driver, database=database, paper_id=step) == step
        else:
            await write(driver, neo4j_settings, step)
        found = await known(driver, neo4j_settings, "GNN")
        assert found == ([expected] if expected else []), step
        assert found == await every_list(driver, neo4j_settings, ["GNN"]), step


def crowded(count: int) -> list[PaperRow]:
    """``count`` papers, each defining three of fifty acronyms in one of two ways."""
    rng = random.Random(19)
    pool = [f"A{i:02d}X" for i in range(50)]
    return [
        defining(
            f"p{i:04d}", *((a, f"{a.lower()} {rng.choice('ab')}") for a in rng.sample(pool, 3))
        )
        for i in range(count)
    ]


async def test_the_read_follows_the_acronyms_asked_not_the_graph(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await write(driver, neo4j_settings, *crowded(400))
    asked = ("A07X", "A23X", "A41X", "ZZZ")
    found = await known(driver, neo4j_settings, *asked)
    assert [a for a, _ in found] == ["A07X", "A23X", "A41X"]
    assert found == await every_list(driver, neo4j_settings, asked)
    # each acronym is one index entry: no paper and no other definition is read
    plan = await profile(driver, neo4j_settings, list(asked))
    assert not {"NodeByLabelScan", "AllNodesScan", "Sort", "Top"} & set(operators(plan))
    assert sum(rows(plan, "NodeIndexSeek")) <= len(asked)


async def profile(driver: AsyncDriver, settings: Settings, asked: list[str]) -> dict[str, Any]:
    async with driver.session(database=settings.neo4j_database) as session:
        result = await session.run("PROFILE " + query("known_acronyms"), acronyms=asked)
        summary = await result.consume()
    assert summary.profile is not None
    return summary.profile


def operators(plan: dict[str, Any]) -> list[str]:
    found = [str(plan["operatorType"]).split("@")[0]]
    return found + [name for child in plan.get("children", []) for name in operators(child)]


def rows(plan: dict[str, Any], operator: str) -> list[int]:
    own = [int(plan["rows"])] if str(plan["operatorType"]).startswith(operator) else []
    return own + [n for child in plan.get("children", []) for n in rows(child, operator)]


async def definition_nodes(driver: AsyncDriver, settings: Settings) -> set[str]:
    records, _, _ = await driver.execute_query(
        "MATCH (:Paper)-[:DEFINES_ACRONYM]->(d:AcronymDefinition) RETURN elementId(d) AS id",
        database_=settings.neo4j_database,
    )
    return {r["id"] for r in records}


async def test_a_graph_written_before_the_definitions_were_indexed_is_indexed_once(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    await write(driver, neo4j_settings, defining("b-graph", GRAPH, LLM), defining("a-gated", GATED))
    # what an earlier version wrote: the papers' lists, no nodes, no index
    await driver.execute_query("MATCH (d:AcronymDefinition) DETACH DELETE d", database_=database)
    await driver.execute_query("DROP INDEX acronym_definition IF EXISTS", database_=database)
    asked = ("GNN", "LLM")
    assert await known(driver, neo4j_settings, *asked) == [GATED, LLM]
    await ensure_schema(driver, database=database)
    nodes = await definition_nodes(driver, neo4j_settings)
    assert len(nodes) == 3
    assert await known(driver, neo4j_settings, *asked) == [GATED, LLM]
    await ensure_schema(driver, database=database)  # done: nothing is rewritten
    assert await definition_nodes(driver, neo4j_settings) == nodes


async def test_exports_leave_the_acronym_index_out(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await write(driver, neo4j_settings, defining("b-graph", GRAPH, LLM), defining("a-gated", GATED))
    graph = to_networkx(neo4j_settings)
    assert sorted(graph.nodes) == ["Paper:a-gated", "Paper:b-graph"]
    assert graph.number_of_edges() == 0


DEFINES_GRAPH = abstract_record(
    "z-graph",
    "Graph neural networks (GNNs) learn representations of molecules by passing messages "
    "between atoms. We show that GNNs trained with a contrastive objective predict molecular "
    "properties more accurately than fingerprints.",
)
DEFINES_GATED = abstract_record(
    "a-gated",
    "Gated neural networks (GNNs) control the flow of information with learned gates. We show "
    "that GNNs with sparse gates forget irrelevant inputs and generalise to longer sequences.",
)
USES = [
    abstract_record(
        f"uses-{i}",
        f"GNNs struggle on long-range dependencies in {topic}. We show that GNNs with virtual "
        "nodes close the gap while keeping training cost linear.",
    )
    for i, topic in enumerate(("protein graphs", "road networks"))
]


@pytest.mark.model
async def test_a_later_load_resolves_what_earlier_loads_defined(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    registry = AcronymRegistry()
    extractor = keybert_extractor(acronyms=registry, fast=True)

    async def load(*records: PaperRecord) -> None:
        await extract_and_write(
            list(records), driver=driver, database=database, extractor=extractor
        )
        await settle_graph(driver, database=database)

    await load(DEFINES_GRAPH, DEFINES_GATED)
    await load(USES[0])
    assert registry.resolve("GNNs") == GATED[1]  # the smaller id's definition
    assert GATED[1] in await concept_keys(driver, neo4j_settings, "uses-0")
    await delete_paper(driver, database=database, paper_id="a-gated")
    await load(USES[1])
    assert registry.resolve("GNNs") == GRAPH[1]
    assert GRAPH[1] in await concept_keys(driver, neo4j_settings, "uses-1")
