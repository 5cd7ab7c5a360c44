"""NPMI coherence of topics, checked against values computed by hand."""

from __future__ import annotations

import math

import pytest

from graph.topics import mean_coherence, npmi, topic_coherence

PAPERS = [{"a", "b"}, {"a", "b"}, {"a"}, {"c"}]


def test_npmi_of_a_pair_matches_the_hand_computed_value() -> None:
    # p(a) = 3/4, p(b) = 2/4, p(a, b) = 2/4: log(0.5 / 0.375) / -log(0.5)
    assert npmi(PAPERS, "a", "b") == pytest.approx(math.log(4 / 3) / math.log(2))
    assert npmi(PAPERS, "a", "b") == pytest.approx(0.41504, abs=1e-5)


def test_independent_concepts_score_zero_and_never_together_minus_one() -> None:
    assert npmi([{"a", "b"}, {"a"}, {"b"}, set()], "a", "b") == pytest.approx(0.0)
    assert npmi(PAPERS, "a", "c") == -1.0
    assert npmi([{"a", "b"}], "a", "b") == 1.0  # always together


def test_a_topic_scores_the_mean_over_its_pairs_and_only_its_top_five_count() -> None:
    expected = (math.log(4 / 3) / math.log(2) - 1 - 1) / 3
    assert topic_coherence(PAPERS, ["a", "b", "c"]) == pytest.approx(expected)
    assert mean_coherence(PAPERS, [["a", "b", "c"], ["a", "b"]]) == pytest.approx(
        (expected + math.log(4 / 3) / math.log(2)) / 2
    )
    six = [*"abcdef"]
    assert mean_coherence(PAPERS, [six]) == pytest.approx(topic_coherence(PAPERS, six[:5]))
