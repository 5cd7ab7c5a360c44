"""The head-noun rules behind BROADER (pure: no Neo4j)."""

from __future__ import annotations

import pytest

from graph._broader import Placement, compound_tails, place, subset_candidates
from graph.hierarchy import broader_candidates, choose_broader


@pytest.mark.parametrize(
    ("key", "first"),
    [
        ("dynamic graph neural network", "graph neural network"),
        ("machine unlearning", "unlearning"),
        ("unlearning method", "unlearning"),
        ("attention mechanism", "attention"),
        ("reasoning task", "reasoning"),
        ("optimization problem", "optimization"),
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
    assert broader_candidates("language model") == []  # never "language", nor "model" alone


def test_the_longest_existing_candidate_wins() -> None:
    existing = {"neural network", "network"}
    forms = {"dynamic graph neural network": ["dynamic graph neural network"], "tree": ["tree"]}
    assert choose_broader(forms, existing) == {
        "dynamic graph neural network": "neural network",
        "tree": None,
    }


def test_a_draft_concept_written_as_a_compound_is_not_cut_by_its_parent() -> None:
    existing = {"language understanding"}
    written = {"vision language understanding": ["vision-language understanding"]}
    assert choose_broader(written, existing) == {"vision language understanding": None}
    apart = {"spoken language understanding": ["spoken language understanding"]}
    assert choose_broader(apart, existing) == {
        "spoken language understanding": "language understanding"
    }


def test_a_lone_generic_word_is_never_a_candidate() -> None:
    assert broader_candidates("bayesian network") == []
    assert broader_candidates("language model") == []
    assert broader_candidates("graph neural network") == ["neural network"]


@pytest.mark.parametrize(
    ("key", "parent", "cosine", "placed"),
    [
        ("semantic segmentation", "segmentation", 0.77, True),
        ("point cloud", "cloud", 0.62, False),
        ("regression task", "regression", 0.84, True),  # a task of X is a kind of X …
        ("target task", "target", 0.55, False),  # … when the meaning holds
        ("optimization problem", "optimization", 0.88, True),
    ],
)
def test_a_one_word_head_parent_needs_a_close_meaning(
    key: str, parent: str, cosine: float, placed: bool
) -> None:
    found = place(key, existing={parent}, similarity=lambda a, b: cosine)
    assert (found.broader, found.reason) == ((parent, "head") if placed else (None, None))


def test_leaving_out_modifiers_gives_the_family_and_a_network_is_a_neural_network() -> None:
    assert "graph neural network" in subset_candidates("graph convolutional network")
    assert "backdoor attack" in subset_candidates("backdoor poisoning attack")
    assert "online learning" not in subset_candidates("offline learning")  # a sibling
    assert subset_candidates("attention with linear complexity") == []


def test_a_generic_head_keeps_the_noun_before_it() -> None:
    # a collaborative perception task is a perception task, not a "collaborative task"
    assert "collaborative task" not in subset_candidates("collaborative perception task")
    found = place(
        "collaborative perception task",
        existing={"collaborative task"},
        similarity=lambda a, b: 0.8,
    )
    assert found.broader is None
    assert "robust perception task" in subset_candidates("robust multiview perception task")


def test_a_modifier_left_out_needs_a_close_meaning_and_the_head_comes_first() -> None:
    gcn, gnn = "graph convolutional network", "graph neural network"
    found = place(gcn, existing={gnn}, similarity=lambda a, b: 0.75)
    assert (found.broader, found.reason, found.score) == (gnn, "similarity", 0.75)
    assert place(gcn, existing={gnn}, similarity=lambda a, b: 0.6).broader is None
    assert place(gcn, existing={gnn}, similarity=None).broader is None
    head = place(gcn, existing={gnn, "convolutional network"}, similarity=lambda a, b: 0.75)
    assert head.broader == "convolutional network"


@pytest.mark.parametrize("key", ["self supervised paradigm", "robust method", "causal approach"])
def test_a_generic_head_left_out_never_leaves_a_modifier_as_parent(key: str) -> None:
    modifier = key.rsplit(" ", 1)[0]
    assert modifier not in broader_candidates(key)
    assert place(key, existing={modifier}, similarity=lambda a, b: 0.9).broader is None


def test_a_link_word_inside_a_hyphenated_compound_opens_no_phrase() -> None:
    # "AMR-to-text generation" generates text: it is no kind of AMR, as "robustness of X" is of
    # robustness
    tails = compound_tails(["AMR-to-text generation"])
    assert "amr" not in broader_candidates("amr to text generation", tails)
    assert place("amr to text generation", existing={"amr"}, similarity=None, tails=tails) == (
        Placement("amr to text generation")
    )
    assert broader_candidates("robustness of language model")[0] == "robustness"


def test_a_generic_head_alone_is_never_a_parent() -> None:
    assert broader_candidates("learning task") == []


def test_a_head_parent_never_starts_inside_a_hyphenated_compound_of_the_name() -> None:
    existing = {"language understanding", "robustness trade off", "trade off"}
    vision = compound_tails(["vision-language understanding", "VL understanding"])
    assert vision == {"language"}
    assert (
        place(
            "vision language understanding", existing=existing, similarity=None, tails=vision
        ).broader
        is None
    )
    # written apart somewhere, the word starts a phrase of its own
    apart = compound_tails(["vision-language understanding", "vision language understanding"])
    assert (
        place(
            "vision language understanding", existing=existing, similarity=None, tails=apart
        ).broader
        == "language understanding"
    )
    # the parent may start after the whole compound
    tradeoff = compound_tails(["intrinsic efficiency-robustness trade-off"])
    placed = place(
        "intrinsic efficiency robustness trade off",
        existing=existing,
        similarity=None,
        tails=tradeoff,
    )
    assert placed.broader == "trade off"
