"""The throughput benchmark's table: each target beside its baseline, and a run without a
baseline revision still reports this tree's figures."""

from __future__ import annotations

from bench.throughput import table_rows

AFTER = {"help": 0.4, "extract": 4.6, "load": 5.0, "down": 0.9}
FLOOR = {"over_floor": 1.26, "extract_s": 34.8, "floor_s": 27.7, "papers": 200, "phrases": 4746}


def result(*, baseline: bool) -> dict[str, object]:
    write: dict[str, object] = {"papers": 2000, "papers_per_s": {"after": 104.0}}
    one_paper = {"after": AFTER}
    if baseline:
        write.update(papers_per_s={"after": 104.0, "before": 87.0}, speedup=1.2, same_graph=True)
        one_paper["before"] = {"help": 0.4, "extract": 10.0, "load": 13.2, "down": 9.3}
    return {"write": write, "one_paper": one_paper, "floor": FLOOR}


def test_each_target_sits_beside_its_baseline() -> None:
    rows = table_rows(result(baseline=True))
    assert [r[0] for r in rows] == [
        "online write, papers/s",
        "one-paper load, s (after)",
        "one-paper load, s (before)",
        "default extraction over MiniLM floor",
    ]
    assert rows[0][1] == "104.0 (before: 87.0)" and rows[0][2] == "1.2x"
    assert rows[3][1] == "1.26x"


def test_without_a_baseline_only_this_trees_figures_are_shown() -> None:
    rows = table_rows(result(baseline=False))
    assert len(rows) == 3
    assert rows[0][1] == "104.0 (before: -)" and rows[0][2] == "-"
