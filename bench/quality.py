"""Quality section: author-keyword recall@10 of papergraph, naive KeyBERT and a RAKE-style
baseline, from ``bench/extraction_quality.py`` run as a child (same gold set, same run)."""

from __future__ import annotations

import json
from typing import Any

from bench.common import child_env, run_child
from graph.config import Settings

TARGETS = {"exact": 0.27, "partial": 0.47}


def run(settings: Settings, *, papers: int) -> dict[str, Any]:
    child = run_child(
        ["bench/extraction_quality.py", "--papers", str(papers)], env=child_env(settings)
    )
    if child.returncode != 0:
        raise RuntimeError(f"extraction_quality failed:\n{child.stderr[-2000:]}")
    report = json.loads(child.stdout.split("\n| system")[0])
    return {"papers": report["papers"], "systems": {r["system"]: r for r in report["results"]}}


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    rows: list[list[object]] = []
    for name, r in result["systems"].items():
        exact, partial = r["recall@10_exact"], r["recall@10_partial"]
        note = f"{r['papers_per_s']} papers/s"
        if name == "papergraph":
            met = exact >= TARGETS["exact"] and partial >= TARGETS["partial"]
            note += "; target ≥ 0.27 / 0.47: " + ("met" if met else "MISSED")
        rows.append(
            [
                f"author-keyword recall@10 exact / partial ({name}, {result['papers']} papers)",
                f"{exact:.3f} / {partial:.3f}",
                "",
                note,
            ]
        )
    return rows
