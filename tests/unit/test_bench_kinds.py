"""The kinds bench's precision: the development list is well formed, and a name's stored kind
follows the load's rule (the first proposing paper's kind, until then the first typed use's)."""

from __future__ import annotations

from collections import Counter

from bench.kinds import UNTYPED, _majority, _mentions, _spelling, _stored_kind, known_names

KINDS = {"method", "model", "dataset", "benchmark", "metric", "tool"}


def test_the_development_list_names_every_kind_and_nothing_else() -> None:
    known = known_names()
    assert set(known.values()) == KINDS
    assert min(Counter(known.values()).values()) >= 15
    assert known["GPT-4"] == "model" and known["CIFAR-10"] == "dataset"


def test_names_are_found_whole_not_inside_other_names() -> None:
    pattern = _mentions(["GPT-4", "CIFAR-10", "T5"])
    assert pattern.search("we fine-tune GPT-4 on CIFAR-10.")
    assert not pattern.search("GPT-4o and CIFAR-100 and Flan-T5")
    assert _spelling("CIFAR10") == _spelling("CIFAR-10") != _spelling("CIFAR-100")


def test_the_stored_kind_is_the_first_typed_use_until_a_paper_proposes_it() -> None:
    stored = None
    for kind, proposes in (
        (None, False),
        ("method", False),
        ("dataset", False),
        ("model", False),
        ("benchmark", True),
        ("metric", True),
    ):
        stored = _stored_kind(stored, kind, proposes)
    assert stored == ("benchmark", True)
    assert _stored_kind(None, None, False) == (None, False)  # untyped: only linked


def test_most_papers_kind_ignores_untyped_uses_and_prefers_a_typed_kind_on_ties() -> None:
    assert _majority(Counter({UNTYPED: 9, "dataset": 3, "benchmark": 2})) == "dataset"
    assert _majority(Counter({"method": 1, "model": 1})) == "model"
    assert _majority(Counter({UNTYPED: 2})) is None
