"""The query cost estimate: objects a document can return, from its list sizes."""

from __future__ import annotations

from itertools import pairwise

import pytest
from graphql import parse

from api._cost import INTROSPECTION_COSTS, UNSIZED_LIST, CostLimit, estimate
from api.schema import schema
from papergraph.errors import ConfigError
from papergraph.settings import load_settings

GRAPHQL = schema._schema


def cost(query: str, **variables: object) -> int:
    return estimate(GRAPHQL, parse(query), variables=variables)


def test_nested_lists_multiply() -> None:
    # connection 1, edges 100, nodes 100, related 100×100, their papers 100×100
    assert cost(
        "{ papers(first: 100) { edges { node { related(first: 100) { paper { id } } } } } }"
    ) == (1 + 100 + 100 + 10_000 + 10_000)


def test_omitted_sizes_take_the_argument_default_and_unsized_lists_a_constant() -> None:
    assert cost("{ papers { edges { node { id } } } }") == 1 + 20 + 20
    assert cost('{ paper(id: "x") { proposes { key } } }') == 1 + UNSIZED_LIST


def test_variables_and_their_defaults_size_lists() -> None:
    query = "query($n: Int = 7) { papers(first: $n) { edges { node { id } } } }"
    assert cost(query, n=3) == 1 + 3 + 3
    assert cost(query) == 1 + 7 + 7


def test_scalars_cost_nothing_and_introspection_its_fixed_price() -> None:
    assert cost("{ stats { papers } }") == 1
    schema = INTROSPECTION_COSTS["__schema"]
    assert cost("{ __schema { types { name fields { name } } } }") == schema
    aliases = " ".join(f"s{i}: __schema {{ types {{ name }} }}" for i in range(20))
    assert cost(f"{{ {aliases} }}") == 20 * schema


def test_fragments_count_where_spread() -> None:
    query = (
        "{ a: papers(first: 10) { ...E } b: papers(first: 10) { ...E } }"
        " fragment E on PaperConnection { edges { node { id } } }"
    )
    assert cost(query) == 2 * (1 + 10 + 10)


def test_many_spreads_of_nested_fragments_are_walked_once_each() -> None:
    names = [f"F{i}" for i in range(60)]
    fragments = (
        " ".join(
            f"fragment {name} on Stats {{ papers ...{following} ...{following} }}"
            for name, following in pairwise(names)
        )
        + f" fragment {names[-1]} on Stats {{ papers }}"
    )
    assert cost("{ stats { ...F0 } } " + fragments) == 1  # 2^59 spreads, one walk each


def test_the_limit_refuses_over_it_and_remembers_fixed_estimates() -> None:
    limit = CostLimit(40)
    text = "{ papers(first: 20) { edges { node { id } } } }"
    refused = limit.refusal(GRAPHQL, parse(text), text=text)
    assert refused is not None and (refused.estimate, refused.limit) == (41, 40)
    assert refused.code == "QUERY_TOO_COSTLY"
    small = "{ papers(first: 19) { edges { node { id } } } }"
    assert limit.refusal(GRAPHQL, parse(small), text=small) is None


@pytest.mark.parametrize(
    "name",
    ["PAPERGRAPH_MAX_QUERY_COST", "PAPERGRAPH_MAX_RESPONSE_BYTES", "PAPERGRAPH_MAX_BODY_BYTES"],
)
def test_limits_are_settings_of_at_least_one(name: str) -> None:
    assert load_settings(**{name: "12345"}) is not None
    with pytest.raises(ConfigError, match=name):
        load_settings(**{name: "0"})
