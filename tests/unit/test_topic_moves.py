"""The net moves a write makes to its topics' per-year counts: what a relink that deletes and
recreates a paper's edges, or moves it to another year, must add to each topic's counts."""

from __future__ import annotations

from graph.trend_counts import net_topic_moves


def move(topic: str, year: int, change: int) -> dict[str, object]:
    return {"id": topic, "year": year, "change": change}


def test_a_paper_relinked_unchanged_moves_nothing() -> None:
    assert net_topic_moves([move("t:a", 2024, -1), move("t:a", 2024, 1)]) == []


def test_moves_net_per_topic_and_year_sorted() -> None:
    moves = [
        move("t:b", 2025, 1),
        move("t:a", 2024, -1),  # a paper moved from 2024 to 2021 in t:a
        move("t:a", 2021, 1),
        move("t:b", 2025, 1),
        move("t:b", 2021, -1),
    ]
    assert net_topic_moves(moves) == [
        {"id": "t:a", "years": [2021, 2024], "changes": [1, -1]},
        {"id": "t:b", "years": [2021, 2025], "changes": [-1, 2]},
    ]
