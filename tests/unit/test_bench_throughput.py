"""The throughput benchmark's table: each target beside its baseline, and a run without a
baseline revision still reports this tree's figures."""

from __future__ import annotations

from typing import Any

from bench.throughput import _floor_statements, table_rows

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


def test_fast_extraction_is_shown_beside_its_own_floor() -> None:
    found = result(baseline=False)
    fast = {
        "extract_s": 6.0,
        "floor_s": 5.0,
        "tag_s": 1.5,
        "static_s": 0.5,
        "minilm_abstracts_s": 3.0,
        "over_floor": 1.2,
    }
    found["floor"] = {**FLOOR, "fast": fast}
    row = table_rows(found)[-1]
    assert row[:3] == ["--fast extraction over its floor", "1.2x", "6.0 s vs 5.0 s"]
    assert "tagging 1.5 s" in str(row[3]) and "MiniLM over the abstracts 3.0 s" in str(row[3])
    assert "beyond MiniLM 3.00 s vs 2.00 s" in str(row[3])  # what the static path itself costs


def test_the_write_is_shown_beside_the_databases_own_merge_of_the_same_graph() -> None:
    found = result(baseline=True)
    found["write"].update(  # type: ignore[attr-defined]
        papers_per_s={"after": 104.0, "before": 87.0, "floor": 130.0},
        over_floor=1.25,
        floor_same_graph=True,
        nodes=22435,
        edges=106356,
    )
    rows = table_rows(found)
    assert rows[1][0] == "online write over Neo4j's own MERGE of the same graph"
    assert rows[1][1] == "1.25x" and rows[1][2] == "104.0 vs 130.0 papers/s"
    assert "same graph: True" in str(rows[1][3])


def _node(id_: str, label: str, **props: object) -> dict[str, object]:
    return {"id": id_, "labels": [label], "props": props}


def test_the_floor_writes_each_batch_with_the_nodes_its_papers_first_reach() -> None:
    nodes = [
        _node("p1", "Paper", matchKey="a"),
        _node("p2", "Paper", matchKey="b"),
        _node("c1", "Concept", key="graph"),
        _node("c2", "Concept", key="tree"),
    ]
    edges = [
        {"a": "p1", "b": "c1", "type": "MENTIONS", "props": {"score": 0.5}},
        {"a": "p2", "b": "c1", "type": "MENTIONS", "props": {"score": 0.4}},
        {"a": "p2", "b": "c2", "type": "MENTIONS", "props": {"score": 0.3}},
    ]
    first, second = _floor_statements(nodes, edges, batch=1)

    def written(part: list[tuple[str, list[Any]]]) -> list[tuple[str, list[Any]]]:
        return [(statement.split(" MERGE ")[1].split()[0], rows) for statement, rows in part]

    assert written(first) == [
        ("(n:`Paper`", [{"matchKey": "a"}]),
        ("(n:`Concept`", [{"key": "graph"}]),
        ("(a)-[e:`MENTIONS`]->(b)", [{"a": ["a"], "b": ["graph"], "p": {"score": 0.5}}]),
    ]
    assert written(second) == [
        ("(n:`Paper`", [{"matchKey": "b"}]),
        ("(n:`Concept`", [{"key": "tree"}]),
        (
            "(a)-[e:`MENTIONS`]->(b)",
            [
                {"a": ["b"], "b": ["graph"], "p": {"score": 0.4}},
                {"a": ["b"], "b": ["tree"], "p": {"score": 0.3}},
            ],
        ),
    ]


def test_without_a_baseline_only_this_trees_figures_are_shown() -> None:
    rows = table_rows(result(baseline=False))
    assert len(rows) == 3
    assert rows[0][1] == "104.0 (before: -)" and rows[0][2] == "-"


WORKERS = {
    "papers": 96,
    "papers_per_s": {"1": 1.6, "2": 2.4},
    "scaling": 1.5,
    "target": 1.4,
}


def test_the_workers_part_shows_each_rate_and_their_ratio_against_the_target() -> None:
    rows = table_rows({**result(baseline=False), "workers": WORKERS})
    assert rows[-1][0] == "extraction papers/s, 2 workers over 1"
    assert rows[-1][1] == "1.5x"
    assert "1.6 (1 worker)" in str(rows[-1][2]) and "2.4 (2 workers)" in str(rows[-1][2])
    assert "1.4x" in str(rows[-1][3])


def test_a_run_of_the_workers_part_alone_reports_it_alone() -> None:
    rows = table_rows({"workers": WORKERS})
    assert [r[0] for r in rows] == ["extraction papers/s, 2 workers over 1"]
