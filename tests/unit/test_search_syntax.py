"""The paper search language read by parse_search: words, phrases, operators, fields, filters,
bounds and the errors a user sees (the Lucene it writes runs in tests/integration)."""

from __future__ import annotations

import re

import pytest

from graph.queries._search_syntax import (
    MAX_SEARCH_CHARS,
    MAX_SEARCH_WORDS,
    SearchQuery,
    parse_search,
)
from papergraph.errors import InvalidInputError

#: Lucene's special characters but the grouping, sign and phrase marks parse_search writes.
SPECIAL = re.compile(r"[*?~^/\[\]{}!&|:\\]")


def test_plain_words_are_any_of_them() -> None:
    query = parse_search("graph neural network")
    assert query.text == "graph neural network"
    assert query.terms == ("graph", "neural", "network")
    assert query.lucene is not None and "+" not in query.lucene


def test_a_phrase_is_one_term_and_negated_words_are_left_out_of_the_text() -> None:
    query = parse_search('"Graph Neural Network" diffusion -privacy NOT "membership inference"')
    assert query.terms == ("graph neural network", "diffusion")
    assert query.text == "Graph Neural Network diffusion"
    assert query.lucene is not None and "-privacy" in query.lucene


def test_terms_are_lower_cased_once_each_in_query_order() -> None:
    assert parse_search("Diffusion, privacy diffusion").terms == ("diffusion", "privacy")


def test_fields_and_filters() -> None:
    query = parse_search(
        'title:(graph OR network) abstract:pruning author:"Jane Smith" year:2020..2024 '
        'venue:"ICLR 2024"'
    )
    assert query == SearchQuery(
        lucene='((title:graph title:network) abstract:pruning authorText:"Jane Smith")',
        text="graph network pruning",
        terms=("graph", "network", "pruning"),
        year_from=2020,
        year_to=2024,
        venue="ICLR 2024",
        authors=("Jane Smith",),
        exact=True,
    )


@pytest.mark.parametrize(
    ("search", "bounds"),
    [
        ("year:2024", (2024, 2024)),
        ("year:2020..2024", (2020, 2024)),
        ("year:2020-2024", (2020, 2024)),
        ("year:2020..", (2020, None)),
        ("year:>=2022", (2022, None)),
        ("year:>2022", (2023, None)),
        ("year:<2020", (None, 2019)),
        ("year:<=2020", (None, 2020)),
        ("year:>=2010 year:<2020", (2010, 2019)),
    ],
)
def test_year_filters_are_inclusive_bounds(search: str, bounds: tuple[int, int]) -> None:
    query = parse_search(search)
    assert (query.year_from, query.year_to) == bounds
    assert query.lucene is None and query.text == ""


def test_only_the_known_fields_are_fields() -> None:
    query = parse_search("Transformers: a survey of note:taking")
    assert query.terms == ("transformers", "a", "survey", "of", "note:taking")
    assert query.year_from is None and query.venue is None


def test_lowercase_operators_are_words() -> None:
    query = parse_search("search and rescue or not")
    assert query.terms == ("search", "and", "rescue", "or", "not")


@pytest.mark.parametrize(
    "search",
    [
        "graph *",
        "privacy~2",
        "net^3",
        "a:b",
        "back\\slash",
        "/regex.*/",
        "[a TO z]",
        "{a TO b}",
        "x && y || !z",
        "title:a:b",
        'author:"a\\b"',
        "wh?t",
        "+must -(-not)",
    ],
)
def test_lucene_special_characters_are_escaped(search: str) -> None:
    lucene = parse_search(search).lucene
    assert lucene is not None
    unescaped = re.sub(r"\\.", "", lucene).replace("title:", "").replace("authorText:", "")
    assert not SPECIAL.search(unescaped)


def test_a_word_the_index_splits_is_a_phrase() -> None:
    assert parse_search("GPT-4").lucene == '"GPT\\-4"'


def test_a_pasted_paragraph_up_to_the_bounds_is_accepted() -> None:
    words = ("the attention of a model (see [3]) is all it needs: " * 100).split()
    paragraph = " ".join(words[:MAX_SEARCH_WORDS])
    while len(paragraph) > MAX_SEARCH_CHARS:
        paragraph = paragraph.rsplit(" ", 1)[0]
    query = parse_search(paragraph)
    assert query.lucene is not None and "attention" in query.terms
    assert parse_search(" ".join(["word"] * MAX_SEARCH_WORDS)).terms == ("word",)


@pytest.mark.parametrize(
    ("search", "found"),
    [
        ("x" * (MAX_SEARCH_CHARS + 1), f"at most {MAX_SEARCH_CHARS:,}"),
        ("w " * (MAX_SEARCH_WORDS + 1), f"at most {MAX_SEARCH_WORDS}"),
        ("深" * (MAX_SEARCH_WORDS + 1), f"at most {MAX_SEARCH_WORDS}"),
    ],
)
def test_too_long_a_search_is_refused(search: str, found: str) -> None:
    with pytest.raises(InvalidInputError, match=found):
        parse_search(search)


@pytest.mark.parametrize(
    ("search", "problem", "position"),
    [
        ('graph "neural network', "quote", 7),
        ("(graph OR network", "'('", 1),
        ("graph OR network)", "')'", 17),
        ("diffusion AND", "'AND'", 11),
        ("diffusion OR )", "')'", 14),
        ("AND diffusion", "'AND'", 1),
        ("diffusion NOT", "'NOT'", 11),
        ("graph ()", "Empty parentheses", 7),
        ("graph title:", "empty field 'title:'", 7),
        ("graph title:*", "after the field 'title:'", 7),
        ("graph year:20x", "bad year", 7),
        ("graph year:2024..2020", "bad year", 7),
        ("year:>=2022 year:<2020", "No year", 13),
        ("graph venue:", "empty field 'venue:'", 7),
        ("venue:ICLR venue:NeurIPS x", "second venue", 12),
        ("graph (year:2024 x)", "inside parentheses", 8),
        ("graph -year:2024", "negated", 8),
        ("title:(author:x)", "inside another field", 8),
        ("NOT privacy", "excluded", 1),
        ("-privacy year:2024", "excluded", 1),
        ("graph OR (NOT a AND -b)", "excluded", 11),
        ("((((((((((((((((((x))))))))))))))))))", "deeper", 17),
    ],
)
def test_bad_syntax_names_the_problem_and_its_position(
    search: str, problem: str, position: int
) -> None:
    with pytest.raises(InvalidInputError) as error:
        parse_search(search)
    assert problem in str(error.value)
    assert f"at character {position} " in str(error.value)


def test_nothing_to_look_for_is_refused_and_nothing_is_no_search() -> None:
    with pytest.raises(InvalidInputError, match="no letters or digits"):
        parse_search("* ~")
    assert parse_search("  ") == SearchQuery(None, "", (), None, None, None, ())


def test_a_search_of_only_filters_has_no_lucene() -> None:
    query = parse_search("venue:ICLR year:2024")
    assert query.lucene is None and query.venue == "ICLR"


def test_a_minus_before_a_number_is_text() -> None:
    query = parse_search("temperatures of -40 degrees -noise")
    assert query.terms == ("temperatures", "of", "40", "degrees")


@pytest.mark.parametrize(
    ("text", "exact"),
    [
        ("graph neural networks", False),
        ("Transformers: a survey", False),
        ("graph year:2024 venue:ICLR", False),
        ('"graph neural networks"', True),
        ("diffusion AND privacy", True),
        ("diffusion NOT privacy", True),
        ("diffusion -privacy", True),
        ("title:diffusion", True),
        ("author:Lovelace", True),
    ],
)
def test_a_query_asking_for_something_exact_says_so(text: str, exact: bool) -> None:
    assert parse_search(text).exact is exact
