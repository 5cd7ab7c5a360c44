"""Phrases that read as noun phrases but name no concept are dropped, each with its rule:
fillers (an evaluative modifier on a vague head), reports on the research (``model
performance``) and phrases holding a verb the tagger read as a noun; the legitimate phrases
beside them stay."""

from __future__ import annotations

import pytest

from loaders.extraction import Decision, Document, Extraction, KeyBertExtractor
from loaders.extraction._not_concepts import filler, reports, verb_forms

FILLERS = Document(
    text=(
        "Existing methods rely on score distillation, which suffers from slow inference, or "
        "generate low-quality results. The planner trades off noisier predictions against "
        "undesirable outcomes and a hidden cost. We study graph neural networks."
    ),
    title="Diffusion models for graph neural networks",
)
REPORTS = Document(
    text=(
        "Graph neural networks predict molecular properties, but the human annotation efforts "
        "they need limit their generalization capabilities, and their full-precision "
        "counterparts are slow. We propose a contrastive pretraining objective for graph "
        "neural networks whose model effectiveness brings performance gains."
    ),
    title="Contrastive pretraining of graph neural networks for molecular property prediction",
)
VERBS = Document(
    text=(
        "Our approach, compatible with continuous input space, not only mitigates numerical "
        "issues associated with floating-point calculations but also enhances verification "
        "scalability. The SMEE approach capitalizes on domain-specific expert models and "
        "leverages unsupervised ensemble learning to construct a weighted ensemble for test "
        "samples. We tune the learning "
        "rate on training samples with reinforcement learning and low-rank adaptation of "
        "large language models."
    ),
    title="Binary neural networks with low-rank adaptation",
)
LEGITIMATE = (
    "training sample",
    "learning rate",
    "reinforcement learning",
    "low rank adaptation",
    "large language model",
)


@pytest.fixture(scope="module")
def explained() -> list[tuple[Extraction, tuple[Decision, ...]]]:
    return KeyBertExtractor().explain([FILLERS, VERBS, REPORTS])


def _dropped(trace: tuple[Decision, ...]) -> dict[str, str]:
    return {d.subject: d.rule for d in trace if d.stage == "not-concepts" and d.action == "dropped"}


def _assert_dropped_as(
    result: tuple[Extraction, tuple[Decision, ...]], keys: set[str], rule: str
) -> None:
    """Each of ``keys`` is dropped by ``rule`` and none is among the paper's concepts."""
    found, trace = result
    assert {k: r for k, r in _dropped(trace).items() if k in keys} == dict.fromkeys(keys, rule)
    assert keys.isdisjoint(c.key for c in found.concepts)


@pytest.mark.model
def test_fillers_are_dropped_as_fillers(
    explained: list[tuple[Extraction, tuple[Decision, ...]]],
) -> None:
    fillers = {
        "slow inference",
        "low quality result",
        "noisier prediction",
        "undesirable outcome",
        "hidden cost",
    }
    _assert_dropped_as(explained[0], fillers, "concept.filler")
    assert "graph neural network" in {c.key for c in explained[0][0].concepts}


@pytest.mark.model
def test_reports_on_the_research_are_dropped_as_reports(
    explained: list[tuple[Extraction, tuple[Decision, ...]]],
) -> None:
    reported = {
        "human annotation effort",
        "generalization capability",
        "full precision counterpart",
        "model effectiveness",
        "performance gain",
    }
    _assert_dropped_as(explained[2], reported, "concept.report")
    assert "graph neural network" in {c.key for c in explained[2][0].concepts}


@pytest.mark.model
def test_a_phrase_holding_a_verb_is_dropped_and_the_noun_phrase_after_it_written_whole(
    explained: list[tuple[Extraction, tuple[Decision, ...]]],
) -> None:
    found, trace = explained[1]
    dropped = _dropped(trace)
    assert dropped["mitigates numerical issue"] == "concept.verb-form"
    assert dropped["leverages unsupervised ensemble learning"] == "concept.verb-form"
    whole = {d.subject for d in trace if d.rule == "concept.beside-verb"}
    assert {"numerical issue", "unsupervised ensemble learning"} <= whole
    keys = {c.key for c in found.concepts}
    assert keys.isdisjoint(dropped)


@pytest.mark.model
def test_legitimate_phrases_survive(
    explained: list[tuple[Extraction, tuple[Decision, ...]]],
) -> None:
    _, trace = explained[1]
    kept = {d.subject for d in trace if d.stage == "candidates" and d.action == "kept"}
    assert set(LEGITIMATE) <= kept
    assert set(LEGITIMATE).isdisjoint(_dropped(trace))


@pytest.mark.parametrize(
    "key",
    [
        *LEGITIMATE,
        "large language model",
        "hidden markov model",
        "computational cost",
        "noisy label",
        "noisy inputs",
        "fast algorithms",
        "best practices",
        "number fields",
        "worst case",
        "longitudinal bars",
        "complete active space",
        "etch mask",
        "upper bound",
        "compute budget",
        "poisoning training sample",
    ],
)
def test_names_are_neither_fillers_nor_verb_forms(key: str) -> None:
    words = key.split(" ")
    assert not filler(words[:-1], words[-1])
    assert verb_forms(words) == []


@pytest.mark.parametrize(
    "key", ["slow inference", "low-quality result", "noisier prediction", "provable benefit"]
)
def test_an_evaluative_modifier_on_a_vague_head_is_a_filler(key: str) -> None:
    *modifiers, head = key.split(" ")
    assert filler(modifiers, head)


@pytest.mark.parametrize(
    ("key", "report"),
    [
        ("generalization capability", True),
        ("long-term forecasting capability", True),
        ("human annotation effort", True),
        ("efficacy", True),
        ("molecular property prediction", False),
        ("adversarial attack", False),
        ("computational cost", False),  # engineering lists it
        ("brane world scenario", False),  # a theory, in physics
        ("electric potential", False),
    ],
)
def test_a_head_that_reports_on_the_research_names_no_subject(key: str, report: bool) -> None:
    assert reports(key.split(" ")[-1]) is report


@pytest.mark.parametrize(
    ("key", "verbs"),
    [
        ("mitigates numerical issue", [0]),
        ("leverages unsupervised ensemble learning", [0]),
        ("cost metric assigns scores", [2]),
    ],
)
def test_a_word_english_writes_only_as_a_verb_is_a_verb_form(key: str, verbs: list[int]) -> None:
    assert verb_forms(key.split(" ")) == verbs
