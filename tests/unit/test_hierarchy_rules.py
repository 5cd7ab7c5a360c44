"""The head-noun rules behind BROADER (pure: no Neo4j)."""

from __future__ import annotations

import pytest

from graph.hierarchy import broader_candidates, choose_broader


@pytest.mark.parametrize(
    ("key", "first"),
    [
        ("dynamic graph neural network", "graph neural network"),
        ("machine unlearning", "unlearning"),
        ("unlearning method", "unlearning"),
        ("attention mechanism", "attention"),
        ("sparse mixture of experts", "mixture of experts"),
        ("robustness of language model", "robustness"),
    ],
)
def test_the_most_specific_candidate_comes_first(key: str, first: str) -> None:
    assert broader_candidates(key)[0] == first


def test_every_candidate_is_shorter_so_no_cycle_can_form() -> None:
    for key in ["a b of c d", "x y z method", "of course", "graph neural network"]:
        assert all(len(c.split()) < len(key.split()) for c in broader_candidates(key))


def test_neither_a_bare_generic_head_nor_a_preposition_phrase_is_broader() -> None:
    assert "method" not in broader_candidates("graph unlearning method")
    assert not any(c.startswith("of ") for c in broader_candidates("mixture of experts"))
    assert broader_candidates("language model") == ["model"]  # never "language"


def test_the_longest_existing_candidate_wins() -> None:
    existing = {"neural network", "network"}
    assert choose_broader(["dynamic graph neural network", "tree"], existing) == {
        "dynamic graph neural network": "neural network",
        "tree": None,
    }
