"""What a command loads before it answers: a load against a server that is down says so before
any model or extraction process starts, and the verbs that only read the graph never import the
extraction libraries (each costs seconds of a user's wait).

Each runs the real CLI under ``python -X importtime``, which lists every module the command and
any process it starts imports, on stderr.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from neo4j import AsyncDriver

from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import extract_and_write, read_corpora
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

#: The extraction stack: the tagger, the ranking model's runtime, KeyBERT, the libraries
#: behind them.
MODEL_MODULES = ("torch", "transformers", "keybert", "spacy", "onnxruntime", "model2vec")
ABSTRACT = (
    "We propose SparGT, a sparse graph transformer that scales attention to large graphs by "
    "sampling neighbourhoods, and evaluate it on node classification benchmarks."
)


def papergraph(*args: str, env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "papergraph", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=300,
        check=False,
    )
    return result, time.perf_counter() - started


def imported(stderr: str) -> set[str]:
    """The top-level packages an ``-X importtime`` run imported."""
    rows = (line.split("|")[-1].strip() for line in stderr.splitlines())
    return {row.split(".")[0] for row in rows if row and " " not in row}


def server_env(settings: Settings) -> dict[str, str]:
    return {
        "NEO4J_URI": settings.neo4j_uri,
        "PAPERGRAPH_HOME": str(settings.home),
        "NEO4J_PASSWORD": settings.neo4j_auth()[1],
    }


def test_a_load_against_a_server_that_is_down_says_so_before_loading_models(
    tmp_path: Path,
) -> None:
    paper = tmp_path / "one.jsonl"
    paper.write_text(json.dumps({"title": "SparGT", "abstract": ABSTRACT}) + "\n")
    result, seconds = papergraph("load", str(paper), env={"NEO4J_URI": "bolt://127.0.0.1:9"})
    assert result.returncode == 1
    assert "not reachable at bolt://127.0.0.1:9" in result.stderr
    assert "Traceback" not in result.stderr
    assert imported(result.stderr).isdisjoint(MODEL_MODULES)
    assert seconds < 60  # imports only; the model loading it skips took longer on its own


@pytest.mark.neo4j
@pytest.mark.parametrize(
    "args",
    [
        ("export", "--format", "json"),
        ("trends", "--from", "2024", "--to", "2025", "--min-papers", "1"),
        ("topics",),
    ],
    ids=["export", "trends", "topics"],
)
async def test_reading_verbs_never_import_the_extraction_stack(
    driver: AsyncDriver,
    neo4j_settings: Settings,
    seed_file: Path,
    tmp_path: Path,
    args: tuple[str, ...],
) -> None:
    # the seed, every other paper a year earlier: trends has two years to compare
    records = read_corpora([seed_file]).records
    records = [replace(r, year=2024 + i % 2) for i, r in enumerate(records)]
    await extract_and_write(
        records,
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=SimpleExtractor(),
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    options = ("--output", str(tmp_path / "graph.json")) if args[0] == "export" else ()
    result, _ = papergraph(*args, *options, env=server_env(neo4j_settings))
    assert result.returncode == 0, result.stderr[-2000:]
    assert imported(result.stderr).isdisjoint(MODEL_MODULES)
