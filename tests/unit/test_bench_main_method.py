"""The main-method bench reads a title's name and scores the first proposed method."""

from __future__ import annotations

from bench.main_method import firsts, title_name
from loaders.extraction import MethodHit


def test_a_title_names_its_method_only_when_the_abstract_writes_it_too() -> None:
    assert title_name({"title": "DyAug: Dynamic Graph Augmentation", "abstract": "DyAug is"}) == (
        "DyAug"
    )
    assert title_name({"title": "DyAug: Dynamic Graph Augmentation", "abstract": "We"}) is None
    assert title_name({"title": "Graphs, Augmented", "abstract": "Graphs"}) is None


def test_the_first_method_is_judged_in_the_given_order_and_by_score() -> None:
    sdt = MethodHit("sdt", "SDT", 0.9, ())
    dydit = MethodHit("dydit", "DyDiT", 0.7, ())
    assert firsts("DyDiT", [dydit, sdt]) == (True, False)
    assert firsts("SDT", [dydit, sdt]) == (False, True)
