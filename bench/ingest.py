"""Ingest benchmark: `papergraph load` end to end vs the naive KeyBERT baseline, same run.

papergraph: the real CLI (`python -m papergraph load --limit N`, and the same with `--fast`)
in a child process, timed wall-clock from start to exit (model loading, extraction and Neo4j
writes included), on an emptied bench graph and an emptied phrase-embedding cache each
repetition (a first load: a reload of known phrases is faster); peak RSS of that process and
its children together (the load extracts in worker processes). Baseline (bench.naive_baseline):
KeyBERT's default extract_keywords per paper and one write per paper, reported per paper at
its steady rate (its model load excluded, which flatters the baseline).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bench.common import child_env, run_child, summary
from bench.corpora import ICLR2025
from graph.connection import async_driver
from graph.writes import clear_graph
from papergraph.settings import Settings

TARGET_SPEEDUP = 10  # the default extractor, MiniLM ranking
TARGET_FAST_SPEEDUP = 25  # --fast, static-model ranking
TARGET_RSS_MB = 4096


def clear(settings: Settings) -> None:
    async def run() -> None:
        async with async_driver(settings) as driver:
            await clear_graph(driver, database=settings.neo4j_database)

    asyncio.run(run())


def papergraph_load(settings: Settings, papers: int, *, fast: bool = False) -> dict[str, float]:
    clear(settings)
    for cache in (settings.home / "models").glob("phrases-*.sqlite*"):
        cache.unlink()
    args = ["-m", "papergraph", "load", "--limit", str(papers), str(ICLR2025)]
    run = run_child([*args, "--fast"] if fast else args, env=child_env(settings))
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
    """Warm up once (model preparation, JIT), then ``reps`` runs of each side."""
    papergraph_load(settings, 20)
    papergraph_load(settings, 20, fast=True)
    ours = [papergraph_load(settings, papers) for _ in range(reps)]
    fast = [papergraph_load(settings, papers, fast=True) for _ in range(reps)]
    naive = [naive_load(settings, baseline_papers) for _ in range(max(1, min(reps, 3)))]
    ours_rate = summary([r["papers_per_s"] for r in ours])
    fast_rate = summary([r["papers_per_s"] for r in fast])
    naive_rate = summary([r["papers_per_s"] for r in naive])
    return {
        "papers": papers,
        "baseline_papers": baseline_papers,
        "papergraph_papers_per_s": ours_rate,
        "papergraph_peak_rss_mb": summary([r["peak_rss_mb"] for r in ours]),
        "fast_papers_per_s": fast_rate,
        "fast_peak_rss_mb": summary([r["peak_rss_mb"] for r in fast]),
        "naive_papers_per_s": naive_rate,
        "naive_peak_rss_mb": summary([r["peak_rss_mb"] for r in naive]),
        "speedup": round(ours_rate["median"] / naive_rate["median"], 1),
        "fast_speedup": round(fast_rate["median"] / naive_rate["median"], 1),
        "target_speedup": TARGET_SPEEDUP,
        "target_fast_speedup": TARGET_FAST_SPEEDUP,
        "target_peak_rss_mb": TARGET_RSS_MB,
    }


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    quick = result["papers"] < 1000  # --quick: the model load dominates a small load
    rows = [
        _rate_row(
            "ingest papers/s (papergraph, end to end)",
            result["papergraph_papers_per_s"],
            result["papers"],
        ),
        _rate_row(
            "ingest papers/s (papergraph --fast, end to end)",
            result["fast_papers_per_s"],
            result["papers"],
        ),
        _rate_row(
            "ingest papers/s (naive KeyBERT, steady)",
            result["naive_papers_per_s"],
            result["baseline_papers"],
        ),
    ]
    for label, key, target, rss in (
        ("ingest speedup, default", "speedup", TARGET_SPEEDUP, "papergraph_peak_rss_mb"),
        ("ingest speedup, --fast", "fast_speedup", TARGET_FAST_SPEEDUP, "fast_peak_rss_mb"),
    ):
        met = result[key] >= target and result[rss]["max"] < TARGET_RSS_MB
        verdict = ("met" if met else "MISSED") + (" (quick run: not comparable)" if quick else "")
        rows.append([f"{label} (target ≥ {target}×)", f"{result[key]}×", "", verdict])
    rows.append(
        [
            "ingest peak RSS MB (default / --fast / naive)",
            f"{result['papergraph_peak_rss_mb']['max']:.0f} / {result['fast_peak_rss_mb']['max']:.0f}"
            f" / {result['naive_peak_rss_mb']['max']:.0f}",
            "",
            f"target < {TARGET_RSS_MB}",
        ]
    )
    return rows


def _rate_row(label: str, rate: dict[str, float], papers: int) -> list[object]:
    return [label, f"{rate['median']:.1f}", f"{rate['min']:.1f}–{rate['max']:.1f}", f"n={papers}"]
