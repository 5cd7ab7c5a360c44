"""Quality section: every dev gold set, papergraph (default and fast) beside four baselines,
from ``bench/extraction_quality.py`` run as a child (same documents, same scorer, same run).

``detail_table`` is the rest of ``bench/results/quality.md`` below the summary rows: one row per
system, one column per corpus, F1@10 of the corpus's headline match with its 95 % interval."""

from __future__ import annotations

import json
from typing import Any

from bench.common import child_env, run_child
from papergraph.settings import Settings

#: Targets of the default extractor: (corpus, metric, at least).
TARGETS = [
    ("inspec", "f1@10_exact", 0.37),
    ("scierc", "f1@10_partial", 0.64),
    ("scienceie", "f1@10_partial", 0.49),
    ("iclr2024", "recall@10_exact", 0.342),
    ("iclr2024", "recall@10_partial", 0.511),
]


def run(settings: Settings, *, limit: int | None, iclr: int) -> dict[str, Any]:
    args = ["bench/extraction_quality.py", "--iclr", str(iclr)]
    if limit is not None:
        args += ["--limit", str(limit)]
    child = run_child(args, env=child_env(settings), timeout=7200)
    if child.returncode != 0:
        raise RuntimeError(f"extraction_quality failed:\n{child.stderr[-2000:]}")
    report: dict[str, Any] = json.loads(child.stdout)
    report["targets"] = [
        {"corpus": c, "metric": m, "target": t, "value": report["systems"]["papergraph"][c][m]}
        for c, m, t in TARGETS
    ]
    for target in report["targets"]:
        target["met"] = target["value"] >= target["target"]
    return report


def detail_table(report: dict[str, Any]) -> str:
    """Systems × corpora: headline F1@10 [95 % interval], then F1@5, and docs/s."""
    names = list(report["corpora"])
    head = [
        f"{c} ({report['corpora'][c]['headline']}, n={report['corpora'][c]['docs']})" for c in names
    ]
    lines = [
        "| system | " + " | ".join(head) + " | docs/s |",
        "|---|" + "---:|" * (len(names) + 1),
    ]
    for system, result in report["systems"].items():
        cells = []
        for c in names:
            match = report["corpora"][c]["headline"]
            lo, hi = result[c]["ci95"]
            cells.append(
                f"{result[c][f'f1@10_{match}']:.3f} [{lo:.3f}–{hi:.3f}]; @5 {result[c][f'f1@5_{match}']:.3f}"
            )
        lines.append(f"| {system} | " + " | ".join(cells) + f" | {result['docs_per_s']} |")
    lines.append("")
    lines.append(
        "Cells: F1@10 [bootstrap 95 % interval]; F1@5. iclr2024 recall@10 exact / partial: "
        + "; ".join(
            f"{s} {r['iclr2024']['recall@10_exact']:.3f} / {r['iclr2024']['recall@10_partial']:.3f}"
            for s, r in report["systems"].items()
        )
    )
    return "\n".join(lines)


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    rows: list[list[object]] = []
    for t in result["targets"]:
        ours = result["systems"]["papergraph"][t["corpus"]][t["metric"]]
        fast = result["systems"]["papergraph-fast"][t["corpus"]][t["metric"]]
        baseline = result["systems"]["nounchunk-minilm"][t["corpus"]][t["metric"]]
        rows.append(
            [
                f"quality {t['corpus']} {t['metric']} (papergraph / fast / noun chunks + MiniLM)",
                f"{ours:.3f} / {fast:.3f} / {baseline:.3f}",
                "",
                f"target ≥ {t['target']}: " + ("met" if t["met"] else "MISSED"),
            ]
        )
    rows.append(
        [
            "quality docs/s (papergraph / fast / naive KeyBERT)",
            " / ".join(
                str(result["systems"][s]["docs_per_s"])
                for s in ("papergraph", "papergraph-fast", "naive-keybert")
            ),
            "",
            "every system and corpus below",
        ]
    )
    return rows
