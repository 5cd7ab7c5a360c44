"""The pure parts of search ranking: the full-text query asked for, and matched terms."""

from __future__ import annotations

from graph.queries._search_syntax import parse_search
from graph.queries.search import MATCH_ALL, MAX_PHRASE_WORDS, lexical_query, matched_terms


def test_a_few_plain_words_ask_for_them_near_each_other_too() -> None:
    query = lexical_query(parse_search("graph neural networks"))
    assert query.startswith("(") and '"graph neural networks"~3^2' in query


def test_an_exact_query_a_single_word_and_a_long_text_are_asked_as_written() -> None:
    for text in ('"graph neural networks"', "graph AND networks", "graphs"):
        assert lexical_query(parse_search(text)) == parse_search(text).lucene
    long = " ".join(f"word{i}" for i in range(MAX_PHRASE_WORDS + 1))
    assert lexical_query(parse_search(long)) == parse_search(long).lucene


def test_filters_alone_match_every_paper_they_keep() -> None:
    assert lexical_query(parse_search("year:2024 venue:ICLR")) == MATCH_ALL


def test_matched_terms_are_stemmed_and_written_as_the_paper_writes_them() -> None:
    text = "DyAug augments dynamic Graphs; the augmentation of graph neural networks."
    found = matched_terms(text, ["dyaug", "augmenting", "graph", "neural network", "the", "gpu"])
    assert found == ("DyAug", "augments", "Graphs", "neural networks")
