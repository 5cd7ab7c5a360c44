"""Concepts that are concepts: no clause the tagger took for a noun phrase, no filler made of
vague heads alone.

The extraction tests run the production extractor (real tagger and model) on short synthetic
abstracts shaped like the ICLR ones that showed the problem.
"""

from __future__ import annotations

import pytest

from loaders.extraction import Document, Extraction, KeyphraseExtractor, keybert_extractor
from loaders.extraction._tagging import Unit
from loaders.extraction._verbs import finite_verb


@pytest.fixture(scope="module")
def extractor() -> KeyphraseExtractor:
    return keybert_extractor(top_n=30)


def _concepts(extractor: KeyphraseExtractor, text: str) -> set[str]:
    [result] = extractor.extract([Document(text=text)])
    return _keys(result)


def _keys(result: Extraction) -> set[str]:
    return {c.key for c in result.concepts}


def test_only_words_english_has_as_verbs_alone_are_verbs() -> None:
    def read(text: str, pos: str = "NOUN") -> bool:
        return finite_verb(Unit(text, pos, "NN"))

    assert all(map(read, ["leverages", "assigns", "excels", "interacts"]))
    assert read("encode", "ADJ")
    # nouns, participles and a verb read as a noun in a name stay words of phrases
    assert not any(map(read, ["models", "scores", "graphs", "learned", "trained", "edit"]))
    assert not read("learned", "ADJ")


def test_a_clause_the_tagger_reads_as_a_noun_phrase_is_no_concept(
    extractor: KeyphraseExtractor,
) -> None:
    keys = _concepts(
        extractor,
        "Our detector leverages unsupervised ensemble learning to flag anomalies. A cost "
        "metric assigns scores to candidate edges, and the agent excels at long horizons. "
        "Rotary embeddings encode positional information in transformers.",
    )
    assert "unsupervised ensemble learning" in keys
    clauses = [
        k
        for k in keys
        if {"leverage", "leverages", "assign", "assigns", "excel", "excels", "encode"}
        & set(k.split())
    ]
    assert not clauses, clauses


def test_a_phrase_of_vague_heads_alone_is_no_concept(extractor: KeyphraseExtractor) -> None:
    keys = _concepts(
        extractor,
        "We study graph contrastive learning and report results on benchmark datasets, where "
        "our method improves node classification over every baseline method.",
    )
    assert "graph contrastive learning" in keys
    assert not {"benchmark dataset", "baseline method"} & keys
