"""Ingest benchmark: `papergraph load` end to end vs the naive KeyBERT baseline, same run.

papergraph: the real CLI (`python -m papergraph load --limit N`) in a child process, timed
wall-clock from start to exit (model loading, extraction and Neo4j writes included), on an
emptied bench graph each repetition; peak RSS of that process and its children together (the
load extracts in two child processes). Baseline (bench.naive_baseline):
KeyBERT's default extract_keywords per paper and one write per paper, reported per paper at
its steady rate (its model load excluded, which flatters the baseline).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bench.common import child_env, run_child, summary
from bench.corpora import ICLR2025
from graph.config import Settings
from graph.connection import async_driver
from graph.writes import clear_graph


def clear(settings: Settings) -> None:
    async def run() -> None:
        async with async_driver(settings) as driver:
            await clear_graph(driver, database=settings.neo4j_database)

    asyncio.run(run())


def papergraph_load(settings: Settings, papers: int) -> dict[str, float]:
    clear(settings)
    run = run_child(
        ["-m", "papergraph", "load", "--limit", str(papers), str(ICLR2025)], env=child_env(settings)
    )
    if run.returncode != 0:
        raise RuntimeError(f"papergraph load failed:\n{run.stderr[-2000:]}")
    return {
        "seconds": run.seconds,
        "papers_per_s": papers / run.seconds,
        "peak_rss_mb": run.peak_rss_mb,
    }


def naive_load(settings: Settings, papers: int) -> dict[str, float]:
    clear(settings)
    run = run_child(
        ["-m", "bench.naive_baseline", "--data", str(ICLR2025), "--papers", str(papers)],
        env=child_env(settings),
    )
    if run.returncode != 0:
        raise RuntimeError(f"naive baseline failed:\n{run.stderr[-2000:]}")
    out = json.loads(run.stdout.strip().splitlines()[-1])
    return {
        "seconds": run.seconds,
        "papers_per_s": papers / out["steady_seconds"],
        "peak_rss_mb": run.peak_rss_mb,
    }


def run(settings: Settings, *, papers: int, baseline_papers: int, reps: int) -> dict[str, Any]:
    """Warm up once (model distillation, JIT), then ``reps`` runs of each side."""
    papergraph_load(settings, 20)
    ours = [papergraph_load(settings, papers) for _ in range(reps)]
    naive = [naive_load(settings, baseline_papers) for _ in range(max(1, min(reps, 3)))]
    ours_rate = summary([r["papers_per_s"] for r in ours])
    naive_rate = summary([r["papers_per_s"] for r in naive])
    return {
        "papers": papers,
        "baseline_papers": baseline_papers,
        "papergraph_papers_per_s": ours_rate,
        "papergraph_peak_rss_mb": summary([r["peak_rss_mb"] for r in ours]),
        "naive_papers_per_s": naive_rate,
        "naive_peak_rss_mb": summary([r["peak_rss_mb"] for r in naive]),
        "speedup": round(ours_rate["median"] / naive_rate["median"], 1),
        "target_speedup": 20,
        "target_peak_rss_mb": 4096,
    }


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    ours, naive = result["papergraph_papers_per_s"], result["naive_papers_per_s"]
    ok = result["speedup"] >= 20 and result["papergraph_peak_rss_mb"]["max"] < 4096
    verdict = "met" if ok else "MISSED"
    if result["papers"] < 1000:  # --quick: the ~10 s model load dominates a small load
        verdict += " (quick run: not comparable, model load dominates)"
    return [
        [
            "ingest papers/s (papergraph, end to end)",
            f"{ours['median']:.1f}",
            f"{ours['min']:.1f}–{ours['max']:.1f}",
            f"n={result['papers']}",
        ],
        [
            "ingest papers/s (naive KeyBERT, steady)",
            f"{naive['median']:.2f}",
            f"{naive['min']:.2f}–{naive['max']:.2f}",
            f"n={result['baseline_papers']}",
        ],
        ["ingest speedup (target ≥ 20×)", f"{result['speedup']}×", "", verdict],
        [
            "ingest peak RSS MB (papergraph / naive)",
            f"{result['papergraph_peak_rss_mb']['max']:.0f} / "
            f"{result['naive_peak_rss_mb']['max']:.0f}",
            "",
            "target < 4096",
        ],
    ]
