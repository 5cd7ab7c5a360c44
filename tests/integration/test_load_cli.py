"""`papergraph load` and `papergraph extract` as a user runs them: real model, real Neo4j."""

from __future__ import annotations

import asyncio
import functools
import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest
from _evidence import evidence_problems, extracted_edges
from neo4j import AsyncDriver
from rich.console import Console

from graph.writes import graph_counts
from loaders.assemble import candidates
from loaders.pipeline import read_corpora
from papergraph.settings import Settings

pytestmark = [pytest.mark.neo4j, pytest.mark.model]
DATA = Path(__file__).resolve().parents[1] / "data"
GOOD = {
    "title": "Sparse Graph Transformers",
    "abstract": (
        "We propose SparGT, a sparse graph transformer that scales attention to large graphs by "
        "sampling neighbourhoods, and evaluate it on node classification benchmarks."
    ),
}


def papergraph(settings: Settings, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "NEO4J_URI": settings.neo4j_uri,
        "PAPERGRAPH_HOME": str(settings.home),
        "NEO4J_PASSWORD": settings.neo4j_auth()[1],
    }
    return subprocess.run(
        [sys.executable, "-m", "papergraph", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


async def count_papers(driver: AsyncDriver, settings: Settings) -> int:
    return (await graph_counts(driver, database=settings.neo4j_database)).papers


async def test_loading_the_seed_twice_changes_no_count(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    first = papergraph(neo4j_settings, "load", str(seed_file))
    assert first.returncode == 0, first.stderr
    assert "Loaded 19 papers" in first.stdout
    counts = await graph_counts(driver, database=neo4j_settings.neo4j_database)
    records, _, _ = await driver.execute_query(
        "MATCH (p:Paper)-[:PROPOSES]->(m:Method) RETURN m.name AS method, p.abstract AS abstract",
        database_=neo4j_settings.neo4j_database,
    )
    proposed = {r["method"]: r["abstract"] for r in records}
    for method in ("DyAug", "COFlowNet", "PC-Winter", "JPEG-DL"):
        assert method in proposed[method]  # linked to the paper that introduces it
    # every extracted edge says where the paper writes it, and the offsets index the stored text
    assert await evidence_problems(driver, neo4j_settings) == []
    evidence = [e["evidence"] for e in await extracted_edges(driver, neo4j_settings)]
    second = papergraph(neo4j_settings, "load", str(seed_file))
    assert second.returncode == 0 and "19 unchanged" in second.stdout
    assert await graph_counts(driver, database=neo4j_settings.neo4j_database) == counts
    again = [e["evidence"] for e in await extracted_edges(driver, neo4j_settings)]
    assert sorted(map(repr, again)) == sorted(map(repr, evidence))


@pytest.fixture
def jsonl_with_a_bad_line(tmp_path: Path) -> Path:
    path = tmp_path / "corpus.jsonl"
    second = {**GOOD, "title": "Another", "abstract": GOOD["abstract"].replace("SparGT", "DenGT")}
    path.write_text(json.dumps(GOOD) + "\n{not json\n" + json.dumps(second) + "\n")
    return path


async def test_skip_loads_the_rest_and_names_file_and_line(
    driver: AsyncDriver, neo4j_settings: Settings, jsonl_with_a_bad_line: Path
) -> None:
    result = papergraph(neo4j_settings, "load", str(jsonl_with_a_bad_line))
    assert result.returncode == 2
    assert "corpus.jsonl, line 2" in result.stderr and "Traceback" not in result.stderr
    assert await count_papers(driver, neo4j_settings) == 2


async def test_abort_writes_nothing(
    driver: AsyncDriver, neo4j_settings: Settings, jsonl_with_a_bad_line: Path
) -> None:
    result = papergraph(neo4j_settings, "load", "--on-error", "abort", str(jsonl_with_a_bad_line))
    assert result.returncode == 2 and "nothing was written" in result.stderr
    assert await count_papers(driver, neo4j_settings) == 0


@pytest.mark.parametrize("name", ["papers.csv", "papers.json", "papers.jsonl"])
async def test_every_format_loads_its_good_records(
    name: str, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    """The fixture files mix good records with malformed ones (exit 2 after loading the rest)."""
    read = read_corpora([DATA / name])
    result = papergraph(neo4j_settings, "load", str(DATA / name))
    assert result.returncode == (2 if read.errors else 0), result.stderr
    assert len(read.records) > 0
    skipped = read.skipped_by_reason()  # the summary counts each kind of skipped record
    assert all(f"{n} {kind}" in result.stderr for kind, n in skipped.items()), result.stderr
    assert await count_papers(driver, neo4j_settings) == len(candidates(read.records))


async def test_non_utf8_bytes_and_latex_do_not_crash(
    driver: AsyncDriver, neo4j_settings: Settings, tmp_path: Path
) -> None:
    path = tmp_path / "latin1.txt"
    text = (
        "Papers\n\nWe propose $\\texttt{FooNet}$, a caf\xe9 model for \\textbf{graph} "
        "learning with $0.89\\\\%\\sim3.13\\\\%\\uparrow$ gains on node classification tasks.\n"
    )
    path.write_bytes(text.encode("latin-1"))
    result = papergraph(neo4j_settings, "load", str(path))
    assert result.returncode == 0, result.stderr
    assert await count_papers(driver, neo4j_settings) == 1


def test_a_directory_is_a_clear_error(neo4j_settings: Settings, tmp_path: Path) -> None:
    result = papergraph(neo4j_settings, "load", str(tmp_path))
    assert result.returncode == 1
    assert str(tmp_path) in result.stderr and "Traceback" not in result.stderr


def test_extract_prints_one_json_object_per_paper(
    neo4j_settings: Settings, seed_file: Path
) -> None:
    result = papergraph(neo4j_settings, "extract", str(seed_file))
    assert result.returncode == 0, result.stderr
    papers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(papers) == 19
    assert all(set(p) == {"id", "label", "concepts", "proposes", "uses"} for p in papers)
    assert all(p["concepts"] == sorted(p["concepts"], key=lambda c: -c["score"]) for p in papers)
    assert any("DyAug" in p["proposes"] for p in papers)


async def test_the_extraction_processes_stop_before_the_graph_wide_steps(
    driver: AsyncDriver,
    neo4j_settings: Settings,
    seed_file: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # recomputing the topics reads every pair of co-mentioned concepts into memory: a load's
    # extraction processes must not hold their models and caches meanwhile (placing concepts
    # in the hierarchy goes before: it works a batch at a time and compares names with the
    # extraction's MiniLM)
    from papergraph.cli.commands import run_load
    from papergraph.usecases import ingest

    alive: list[int] = []
    topics = ingest.refresh_topics

    async def counting(driver: AsyncDriver, *, database: str) -> int:
        alive.append(len(multiprocessing.active_children()))
        return await topics(driver, database=database)

    monkeypatch.setattr(ingest, "refresh_topics", counting)
    quiet = Console(quiet=True)
    load = functools.partial(
        run_load, fmt="auto", limit=None, on_error="skip", console=quiet, errors=quiet
    )
    before = len(multiprocessing.active_children())  # the session's own, if any
    # batches of 5: an input of one batch is extracted in this process, with no children
    settings = neo4j_settings.model_copy(update={"batch_size": 5})
    assert await asyncio.to_thread(load, settings, [seed_file]) == 0
    assert alive == [before]
    assert await count_papers(driver, neo4j_settings) == 19
