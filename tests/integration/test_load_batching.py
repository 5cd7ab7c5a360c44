"""The graph a load writes depends on its input, not on ``--batch-size`` or on how an earlier
run of the same load was interrupted: acronyms and method names are learnt from the whole input
before any paper is extracted, and names a paper uses untyped are linked once the load is over.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _graphdump import difference, dump_graph
from neo4j import AsyncDriver
from test_load_cli import papergraph

from graph.writes import clear_graph, graph_counts
from papergraph.settings import Settings

pytestmark = [pytest.mark.neo4j, pytest.mark.model]

#: In input order: a paper writes "RL" and uses "GraphSAGE-X" before another defines
#: "reinforcement learning (RL)" and a third proposes GraphSAGE-X.
EARLY_AND_LATE = [
    {
        "id": "early-rl",
        "title": "Curricula for Agents",
        "abstract": (
            "RL agents struggle with sparse rewards. We study curriculum schedules for RL "
            "agents in navigation tasks and show that adaptive schedules let RL policies "
            "reach goals twice as often as uniform sampling of start states."
        ),
    },
    {
        "id": "early-use",
        "title": "Sampling Neighbourhoods",
        "abstract": (
            "Neighbourhood sampling decides how graph models scale. Our study compares "
            "sampling schemes on citation graphs, with GraphSAGE-X as the backbone, and "
            "finds that importance sampling keeps accuracy at a tenth of the memory."
        ),
    },
    {
        "id": "late-rl",
        "title": "Reward Shaping Revisited",
        "abstract": (
            "Reinforcement learning (RL) from sparse rewards is slow. We revisit potential-"
            "based reward shaping and show that learned potentials speed up RL on control "
            "benchmarks without changing the optimal policy."
        ),
    },
    {
        "id": "late-propose",
        "title": "GraphSAGE-X: Inductive Learning on Huge Graphs",
        "abstract": (
            "We propose GraphSAGE-X, a graph neural network that learns inductive node "
            "embeddings on graphs with billions of edges by sampling and aggregating "
            "features from a node's local neighbourhood."
        ),
    },
]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    path = tmp_path / "early-and-late.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in EARLY_AND_LATE), encoding="utf-8")
    return path


def cli_env(settings: Settings) -> dict[str, str]:
    return {
        **os.environ,
        "NEO4J_URI": settings.neo4j_uri,
        "PAPERGRAPH_HOME": str(settings.home),
        "NEO4J_PASSWORD": settings.neo4j_auth()[1],
    }


def load(settings: Settings, *args: str) -> str:
    result = papergraph(settings, "load", *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


async def dump_after(
    driver: AsyncDriver, settings: Settings, *runs: tuple[str, ...]
) -> dict[str, set[object]]:
    """The graph after the ``papergraph load`` runs ``runs``, from an empty graph."""
    await clear_graph(driver, database=settings.neo4j_database)
    for args in runs:
        load(settings, *args)
    return await dump_graph(driver, settings)


async def test_the_graph_does_not_depend_on_the_batch_size_or_an_interruption(
    driver: AsyncDriver, neo4j_settings: Settings, corpus: Path, seed_file: Path
) -> None:
    files = (str(corpus), str(seed_file))
    whole = await dump_after(driver, neo4j_settings, (*files, "--batch-size", "50"))
    linked = {e[:3] for e in whole["edges"]}
    # the early paper's RL is the concept the later paper defines, and its untyped use of
    # GraphSAGE-X is linked to the method a later paper proposes
    assert ("Paper:early-rl", "MENTIONS", "Concept:reinforcement learning agent") in linked
    assert ("Paper:early-use", "USES", "Method:graphsagex") in linked
    for size in ("1", "3"):
        other = await dump_after(driver, neo4j_settings, (*files, "--batch-size", size))
        assert difference(whole, other) == {}, size
    # a first run killed part-way, resumed with another batch size
    await clear_graph(driver, database=neo4j_settings.neo4j_database)
    await killed_part_way(driver, neo4j_settings, (*files, "--batch-size", "1"))
    load(neo4j_settings, *files, "--batch-size", "7")
    assert difference(whole, await dump_graph(driver, neo4j_settings)) == {}


async def test_the_graph_does_not_depend_on_the_number_of_extraction_workers(
    driver: AsyncDriver, neo4j_settings: Settings, corpus: Path, seed_file: Path
) -> None:
    files = (str(corpus), str(seed_file), "--batch-size", "3")  # many batches to share out
    one = await dump_after(driver, neo4j_settings, (*files, "--workers", "1"))
    three = await dump_after(driver, neo4j_settings, (*files, "--workers", "3"))
    assert any(e[1] == "MENTIONS" for e in one["edges"])
    assert difference(one, three) == {}


def start_load(settings: Settings, args: tuple[str, ...]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "papergraph", "load", *args], env=cli_env(settings)
    )


async def killed_part_way(driver: AsyncDriver, settings: Settings, args: tuple[str, ...]) -> None:
    """Start ``papergraph load ARGS`` and SIGKILL it once it has written a few papers."""
    loader = start_load(settings, args)
    try:
        deadline = time.monotonic() + 300
        while (await graph_counts(driver, database=settings.neo4j_database)).papers < 4:
            assert loader.poll() is None and time.monotonic() < deadline
            await asyncio.sleep(0.05)
    finally:
        loader.kill()
        loader.wait(timeout=30)
    written = (await graph_counts(driver, database=settings.neo4j_database)).papers
    assert written < len(EARLY_AND_LATE) + 19, "the load ended before it was killed"
