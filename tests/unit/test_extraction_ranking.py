"""The ranking model (MiniLM on ONNX Runtime), its phrase cache, the fast mode, and which
phrases are candidates."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from loaders.extraction import Document, keybert_extractor
from loaders.extraction._candidates import commonness
from loaders.extraction._embedding import PhraseCache
from loaders.extraction._keybert import _method_hit
from loaders.extraction._methods import MethodCandidate
from loaders.extraction._models import load_minilm, minilm_path
from loaders.extraction._ranking import PhraseEmbedder, Signals, Weights, crowded_out, select

TEXTS = [
    "graph neural network",
    "Dynamic graph augmentation keeps temporal consistency. " * 30,  # longer than 128 pieces
    "x",
]


class CountingEncoder:
    """Stands in for a model where only the caching is under test: counts what it encodes."""

    name = "counting"
    dim = 4

    def __init__(self) -> None:
        self.encoded: list[str] = []

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.encoded += texts
        return np.array([[len(t), 1.0, 0.0, 0.0] for t in texts], dtype=np.float32)


@pytest.mark.model
def test_onnx_minilm_matches_sentence_transformers(tmp_path: Path) -> None:
    from sentence_transformers import SentenceTransformer

    from loaders.extraction._embedding import DOCUMENT_TOKENS

    reference = SentenceTransformer(str(minilm_path()), device="cpu")
    reference.max_seq_length = DOCUMENT_TOKENS
    expected = reference.encode(TEXTS, normalize_embeddings=True)
    got = load_minilm(tmp_path).encode(TEXTS)
    assert got.shape == (3, 384)
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    assert (got * expected).sum(axis=1).min() > 0.999


def test_a_model_call_holds_a_bounded_number_of_word_pieces_and_many_short_phrases() -> None:
    from loaders.extraction._embedding import _PIECES_PER_CALL, DOCUMENT_TOKENS, _calls

    lengths = [4] * 1000 + [9] * 300 + [DOCUMENT_TOKENS] * 20
    calls = list(_calls(list(range(len(lengths))), lengths))
    assert [i for rows in calls for i in rows] == list(range(len(lengths)))  # all, in order
    assert all(len(rows) * max(lengths[i] for i in rows) <= _PIECES_PER_CALL for rows in calls)
    assert len(calls) <= 3 + 2 + 20 // 8 + 1  # phrases share calls; abstracts come a few a call


@pytest.mark.model
def test_a_text_embeds_the_same_alone_and_among_others(tmp_path: Path) -> None:
    encoder = load_minilm(tmp_path)
    phrases = [f"graph neural network {n}" for n in range(300)]
    together = encoder.encode([*phrases, *TEXTS])
    for i, text in [(0, phrases[0]), (299, phrases[299]), (301, TEXTS[1])]:
        assert np.allclose(together[i], encoder.encode([text])[0], atol=1e-5)


@pytest.mark.model
def test_the_export_is_made_once_and_reused(tmp_path: Path) -> None:
    load_minilm(tmp_path)
    [exported] = tmp_path.rglob("model.onnx")
    stamp = exported.stat().st_mtime_ns
    load_minilm(tmp_path).encode(["again"])
    assert exported.stat().st_mtime_ns == stamp
    assert not list(tmp_path.glob(".prepare-*"))  # no scratch folder left behind


def test_phrases_are_encoded_once_across_embedders_through_the_disk_cache(tmp_path: Path) -> None:
    path = tmp_path / "phrases.sqlite"
    first = CountingEncoder()
    vectors = PhraseEmbedder(first, disk=PhraseCache(path, dim=4)).phrases(["a b", "c", "a b"])
    assert first.encoded == ["a b", "c"]
    second = CountingEncoder()  # a later load: a new process, the same cache file
    again = PhraseEmbedder(second, disk=PhraseCache(path, dim=4)).phrases(["c", "a b", "d"])
    assert second.encoded == ["d"]
    assert np.allclose(again[:2], vectors[[1, 0]])


def test_a_cache_of_another_size_is_not_used(tmp_path: Path) -> None:
    path = tmp_path / "phrases.sqlite"
    PhraseCache(path, dim=3).put({"a": np.ones(3, dtype=np.float32)})
    assert PhraseCache(path, dim=4).get(["a"]) == {}


def test_commonness_counts_against_everyday_single_words_only() -> None:
    assert commonness("data") > commonness("diffusion") > commonness("tokenization") > 0
    assert commonness("dyaug") == 0.0
    assert commonness("image data") == 0.0


@pytest.mark.model
def test_fast_and_default_modes_differ_in_version_not_in_stored_embeddings() -> None:
    text = "Graph neural networks (GNNs) learn on dynamic graphs with temporal augmentation."
    default, fast = keybert_extractor(), keybert_extractor(fast=True)
    assert default.version != fast.version
    [a], [b] = default.extract([Document(text=text)]), fast.extract([Document(text=text)])
    assert len(a.embedding) == len(b.embedding) == default.dimensions
    assert np.allclose(a.embedding, b.embedding, atol=1e-6)  # one space for every paper
    assert a.concepts and b.concepts


@pytest.mark.model
def test_an_inner_phrase_is_a_concept_once_two_papers_write_it_whole() -> None:
    alone = "We study dynamic graph neural networks for evolving interactions between users."
    extractor = keybert_extractor(top_n=30)
    [first] = extractor.extract([Document(text=alone)])
    assert "dynamic graph neural network" in {c.key for c in first.concepts}
    assert "graph neural network" not in {c.key for c in first.concepts}
    one = "Graph neural networks are a standard tool for molecules."
    [_, once] = extractor.extract([Document(text=one), Document(text=alone)])
    assert "graph neural network" not in {c.key for c in once.concepts}  # one paper: not yet
    two = "We train graph neural networks on citation graphs."
    [_, established] = extractor.extract([Document(text=two), Document(text=alone)])
    assert "graph neural network" in {c.key for c in established.concepts}


@pytest.mark.model
def test_a_phrase_the_paper_only_writes_as_a_modifier_is_no_concept() -> None:
    # other papers write "reinforcement" and "large language" alone; here they only modify
    extractor = keybert_extractor(top_n=30)
    others = [
        "Agents learn behaviours by reinforcement from human raters in a large language.",
        "Robots acquire skills through reinforcement; translation into a large language helps.",
    ]
    paper = (
        "Offline reinforcement learning trains policies from logged datasets without "
        "interaction; we study offline reinforcement learning with function approximation "
        "and large language models as priors."
    )
    *_, found = extractor.extract([Document(text=t) for t in [*others, paper]])
    keys = {c.key for c in found.concepts}
    assert {"offline reinforcement learning", "large language model"} <= keys
    assert not {"reinforcement", "large language"} & keys
    # the paper's own lone "reinforcement" still counts
    [written] = extractor.extract([Document(text=f"{paper} Reinforcement is delayed.")])
    assert "reinforcement" in {c.key for c in written.concepts}


def test_a_methods_score_is_its_similarity_on_the_concepts_scale() -> None:
    # one scale for concepts and methods: a used method that fits the paper well outranks a
    # weak concept, and a proposed one gains only a little over the same similarity
    used = _method_hit(MethodCandidate("DyAug"), 0.62)
    proposed = _method_hit(MethodCandidate("DyAug", proposed=True), 0.62)
    assert used.score == pytest.approx(0.62)
    assert 0.62 < proposed.score < 0.8
    assert _method_hit(MethodCandidate("X", proposed=True), 0.97).score == 1.0


def test_nested_variants_crowd_out_a_vague_lone_word_and_a_fragment_in_a_chain() -> None:
    keys = [
        "stochastic game",
        "observable stochastic game",
        "partially observable stochastic game",
        "graph",
        "knowledge graph",
        "game theory",
    ]
    fragments = {"observable stochastic game"}  # written only inside the longer phrase
    assert crowded_out(keys, fragments) == {"observable stochastic game", "graph"}
    # two of a chain share nothing out: the field's term beside the paper's own
    assert crowded_out(["stochastic game", "partially observable stochastic game"]) == set()


def test_a_term_of_art_between_two_variants_keeps_its_place_over_the_broader_one() -> None:
    keys = ["neural network", "graph neural network", "equivariant graph neural network"]
    assert crowded_out(keys) == {"neural network"}
    assert crowded_out(keys, {"graph neural network"}) == {"graph neural network"}


def test_a_topic_word_keeps_its_place_beside_a_longer_concept_ending_in_it() -> None:
    # authors name ``transformer`` and ``fairness`` as topics; ``graph`` and ``layer`` say little
    keys = ["vision transformer", "transformer", "counterfactual fairness", "fairness"]
    assert crowded_out(keys) == set()
    assert crowded_out(["attention layer", "layer", "graph", "knowledge graph"]) == {
        "layer",
        "graph",
    }


def test_a_slot_a_nested_variant_gives_up_goes_to_the_next_best() -> None:
    keys = ["graph", "knowledge graph", "citation network", "link prediction"]
    similarity = {"graph": 1.0, "knowledge graph": 0.8, "citation network": 0.7}
    signals = [Signals(in_title=False, count=1, whole=True)] * len(keys)
    vectors = np.eye(len(keys), dtype=np.float32)  # unrelated: diversity takes nothing out
    # "graph" ranks first, everyday word and all, and gives way when "knowledge graph" comes
    picked = select(keys, similarity, signals, vectors, top_n=2, weights=Weights())
    assert [k for k, _ in picked] == ["knowledge graph", "citation network"]
