"""Themes bench: the trends, hierarchy and topics queries through the query layer, each beside
the same Cypher statements sent directly with the driver, at concurrency 1.

The graph is whatever the configured Neo4j holds; the measurement in ``bench/results/themes.md``
loads ICLR 2021, 2024 and 2025 from ``../shared/data`` together first (``--load`` runs
``papergraph load --fast`` on them, then places the hierarchy and computes the topics as every
ingest ends). The parameters are deterministic: the concepts and papers of the API bench's
samples (``bench.api.pick_samples``: the most-papered concepts of the first 100 papers by title,
so broad concepts are among them) and the ten largest topics. Every case runs ``n`` times (10
for ``risingConcepts``, 30 for the others) after one warm-up call per side, the two sides taking
turns call by call, so a slow moment of a shared machine falls on both alike.

``python -m bench.themes [--load] [--json FILE]`` prints a Markdown table (p50 / p99 in ms).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neo4j import AsyncDriver

from bench.api import UNFILTERED, Samples, percentile, pick_samples
from bench.common import REPO
from graph.connection import async_driver
from graph.cypher import query
from graph.queries import GraphReader, find_papers, find_topics
from graph.queries.hierarchy import concept_broader, concept_narrower
from graph.queries.topics import paper_topics, topic_papers, topic_trend
from graph.queries.trends import concept_trend, share_changes
from papergraph.settings import Settings, load_settings

CORPORA = ("iclr2021.jsonl.gz", "iclr2024.jsonl.gz", "iclr2025.jsonl.gz")
FROM_YEAR, TO_YEAR = 2021, 2025
TARGET_P99_MS = 100.0

Plan = tuple[tuple[str, dict[str, Any]], ...]


@dataclass(frozen=True)
class Params:
    """What the cases rotate through."""

    samples: Samples
    topics: tuple[str, ...]
    rising: tuple[str, ...]  # the keys risingConcepts returns (its last statement looks them up)


@dataclass(frozen=True)
class Case:
    """One query: the query-layer call for request i and the statements it sends."""

    name: str
    runs: int
    call: Callable[[GraphReader, Params, int], Awaitable[object]]
    plan: Callable[[Params, int], Plan]


def _nth(values: Sequence[str], i: int) -> str:
    return values[i % len(values)]


def _concept(p: Params, i: int) -> str:
    return _nth(p.samples.concepts, i)


def _paper(p: Params, i: int) -> str:
    return _nth(p.samples.papers, i)


def _topic(p: Params, i: int) -> str:
    return _nth(p.topics, i)


async def _broader_narrower(reader: GraphReader, key: str) -> None:
    await concept_broader(reader, keys=[key])
    await concept_narrower(reader, keys=[key], first=10)


async def _topic_papers_trend(reader: GraphReader, topic: str) -> None:
    await topic_papers(reader, ids=[topic], offset=0, first=20)
    await topic_trend(reader, ids=[topic])


CASES = (
    Case(
        "risingConcepts(2021→2025)",
        10,
        lambda r, p, i: share_changes(
            r, from_year=FROM_YEAR, to_year=TO_YEAR, first=20, min_papers=5
        ),
        lambda p, i: (
            ("year_totals", {}),
            ("concept_year_counts", {"fromYear": FROM_YEAR, "toYear": TO_YEAR, "minPapers": 5}),
            ("entity_paper_counts", {"concepts": list(p.rising), "methods": []}),
        ),
    ),
    Case(
        "Concept.trend",
        30,
        lambda r, p, i: concept_trend(r, keys=[_concept(p, i)]),
        lambda p, i: (("year_totals", {}), ("concept_trend", {"keys": [_concept(p, i)]})),
    ),
    Case(
        "Concept.broader+narrower",
        30,
        lambda r, p, i: _broader_narrower(r, _concept(p, i)),
        lambda p, i: (
            ("concept_broader", {"keys": [_concept(p, i)]}),
            ("concept_narrower", {"keys": [_concept(p, i)], "first": 10}),
        ),
    ),
    Case(
        "papers(includeNarrower)",
        30,
        lambda r, p, i: find_papers(r, concept=_concept(p, i), include_narrower=True, first=20),
        lambda p, i: (
            (
                "find_papers_by_concept_tree",
                {**UNFILTERED, "concept": _concept(p, i), "skip": 0, "first": 20},
            ),
        ),
    ),
    Case(
        "topics(first:10)",
        30,
        lambda r, p, i: find_topics(r, first=10),
        lambda p, i: (("find_topics", {"skip": 0, "first": 10}),),
    ),
    Case(
        "Paper.topics",
        30,
        lambda r, p, i: paper_topics(r, ids=[_paper(p, i)], first=3),
        lambda p, i: (("paper_topics", {"ids": [_paper(p, i)], "first": 3}),),
    ),
    Case(
        "Topic.papers+trend",
        30,
        lambda r, p, i: _topic_papers_trend(r, _topic(p, i)),
        lambda p, i: (
            ("topic_papers", {"ids": [_topic(p, i)], "skip": 0, "first": 20}),
            ("year_totals", {}),
            ("topic_trend", {"ids": [_topic(p, i)]}),
        ),
    ),
)


async def _timed(call: Awaitable[object]) -> float:
    started = time.perf_counter()
    await call
    return (time.perf_counter() - started) * 1000


async def _direct(driver: AsyncDriver, database: str, plan: Plan) -> None:
    for name, values in plan:
        await driver.execute_query(query(name), values, database_=database, routing_="r")


async def _run_case(case: Case, reader: GraphReader, params: Params) -> dict[str, dict[str, float]]:
    """``case.runs`` calls of each side, taking turns (which side goes first alternates)."""

    def call(side: str, i: int) -> Awaitable[object]:
        if side == "layer":
            return case.call(reader, params, i)
        return _direct(reader.driver, reader.database, case.plan(params, i))

    times: dict[str, list[float]] = {"layer": [], "cypher": []}
    for side in times:  # warm-up, not counted
        await call(side, 0)
    for i in range(case.runs):
        for side in list(times) if i % 2 == 0 else list(times)[::-1]:
            times[side].append(await _timed(call(side, i)))
    return {
        side: {"p50": percentile(t, 50), "p99": percentile(t, 99), "n": len(t)}
        for side, t in times.items()
    }


async def measure(settings: Settings) -> dict[str, dict[str, float]]:
    """p50/p99 (ms) of each case on both sides, keyed ``"case|layer"`` and ``"case|cypher"``."""
    samples = await pick_samples(settings)
    async with async_driver(settings) as driver:
        reader = GraphReader(driver=driver, settings=settings)
        topics = tuple(t.id for t in (await find_topics(reader, first=10)).items)
        rising = await share_changes(
            reader, from_year=FROM_YEAR, to_year=TO_YEAR, first=20, min_papers=5
        )
        params = Params(samples=samples, topics=topics, rising=tuple(c.concept.key for c in rising))
        results: dict[str, dict[str, float]] = {}
        for case in CASES:
            for side, stats in (await _run_case(case, reader, params)).items():
                results[f"{case.name}|{side}"] = stats
        return results


def table(results: dict[str, dict[str, float]]) -> str:
    """The Markdown table of ``results``."""
    lines = [
        "| query | query layer p50 / p99 | direct Cypher p50 / p99 | n | p99 ≤ 100 ms |",
        "|---|---:|---:|---:|---|",
    ]
    for case in CASES:
        layer, cypher = results[f"{case.name}|layer"], results[f"{case.name}|cypher"]
        verdict = "met" if layer["p99"] <= TARGET_P99_MS else "MISSED"
        lines.append(
            f"| {case.name} | {layer['p50']:.1f} / {layer['p99']:.1f} | "
            f"{cypher['p50']:.1f} / {cypher['p99']:.1f} | {int(layer['n'])} | {verdict} |"
        )
    return "\n".join(lines)


def load_corpora(data: Path) -> None:
    """Load the three ICLR corpora with the static model, as the recorded run did."""
    files = [str(data / name) for name in CORPORA]
    command = [sys.executable, "-m", "papergraph", "load", "--fast", *files]
    subprocess.run(command, check=True, cwd=REPO)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.themes", description=__doc__)
    parser.add_argument("--load", action="store_true", help="load the three ICLR corpora first")
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    args = parser.parse_args(argv)
    if args.load:
        load_corpora(args.data)
    results = asyncio.run(measure(load_settings()))
    print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
