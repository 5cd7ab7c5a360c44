"""Concepts that are concepts: no clause the tagger took for a noun phrase.

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


def test_only_third_persons_english_has_as_verbs_alone_are_verbs() -> None:
    def read(text: str) -> bool:
        return finite_verb(Unit(text, "NOUN", "NNS"))

    assert all(map(read, ["leverages", "assigns", "excels", "interacts"]))
    assert not any(map(read, ["models", "scores", "graphs", "learned", "encode", "process"]))


def test_a_clause_the_tagger_reads_as_a_noun_phrase_is_no_concept(
    extractor: KeyphraseExtractor,
) -> None:
    keys = _concepts(
        extractor,
        "Our detector leverages unsupervised ensemble learning to flag anomalies, and a cost "
        "metric assigns scores to candidate edges. Access logs and structural steels stay.",
    )
    assert "unsupervised ensemble learning" in keys
    clauses = [k for k in keys if {"leverage", "leverages", "assign", "assigns"} & set(k.split())]
    assert not clauses, clauses
    # a plural the lexicon lacks, ending its phrase, stays a noun
    assert {"access log", "structural steel"} <= keys
