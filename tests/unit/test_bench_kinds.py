"""The kinds bench's precision: the development list is well formed, and a name's stored kind
follows the load's rule (the kind most papers give, a tie to the proposing papers' kind)."""

from __future__ import annotations

from collections import Counter

from bench.kinds import UNTYPED, _mentions, _spelling, _stored_kind, known_names

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


def test_the_stored_kind_is_most_papers_kind_a_tie_to_the_proposing_papers() -> None:
    kinds = Counter({UNTYPED: 9, "dataset": 3, "benchmark": 2})
    assert _stored_kind(kinds, Counter()) == "dataset"  # untyped uses do not count
    tied = Counter({"model": 2, "dataset": 2, "method": 2})
    assert _stored_kind(tied, Counter({"dataset": 1})) == "dataset"
    assert _stored_kind(tied, Counter()) == "dataset"  # then a named kind, alphabetically
    assert _stored_kind(Counter({"method": 1, "model": 1}), Counter()) == "model"
    assert _stored_kind(Counter({UNTYPED: 2}), Counter()) is None
