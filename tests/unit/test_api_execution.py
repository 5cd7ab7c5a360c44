"""The plain-field shortcut answers exactly what graphql-core's own execution answers.

A small schema with the shapes the shortcut handles (lists and single objects of scalar and enum
fields, lists of scalars and enums, nullable and not) and the ones it hands back (resolvers with
arguments, nested objects, nulls in non-null fields, values that do not serialise, missing
attributes), executed by both execution contexts: hand-picked documents, then documents generated
from the schema.
"""

from __future__ import annotations

import enum
from typing import Any

import pytest
import strawberry
from graphql import ExecutionResult, execute, parse
from hypothesis import given, settings
from hypothesis_graphql import queries
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from api._document_cache import DocumentCache
from api._execution import PlainFieldsExecutionContext


@strawberry.enum
class Kind(enum.Enum):
    PAPER = "PAPER"
    CONCEPT = "CONCEPT"


@strawberry.type
class Tag:
    name: str
    score: float | None


@strawberry.type
class Item:
    id: strawberry.ID
    kind: Kind
    label: str
    count: int
    weight: float | None
    tags: list[Tag]
    main_tag: Tag | None
    aliases: list[str]
    kinds: list[Kind]


@strawberry.type
class Group:
    name: str
    items: list[Item]
    maybe_items: list[Item] | None
    first: Item
    spare: Item | None

    @strawberry.field
    def shout(self, twice: bool = False) -> str:
        return self.name.upper() * (2 if twice else 1)


class Broken:
    """Something a resolver might wrongly return: attributes missing or of the wrong type."""

    def __init__(self, **attributes: Any) -> None:
        self.__dict__.update(attributes)


def _item(i: int, **changes: Any) -> Any:
    fields = {"id": strawberry.ID(f"i{i}"), "kind": Kind.PAPER, "label": f"item {i}"}
    fields |= {"count": i, "weight": None if i % 2 else i / 3}
    tags = [Tag(name=f"t{j}", score=None if j else 0.5) for j in range(i % 3)]
    fields |= {"tags": tags, "main_tag": tags[0] if tags else None}
    fields |= {"aliases": tuple(f"a{j}" for j in range(i % 3)), "kinds": [Kind.CONCEPT] * (i % 2)}
    if not changes:
        return Item(**fields)
    return Broken(**(fields | changes))


VARIANTS: dict[str, list[Any]] = {
    "GOOD": [_item(i) for i in range(5)],
    "NULL_LABEL": [_item(0), _item(1, label=None), _item(2)],
    "BAD_COUNT": [_item(0), _item(1, count="many")],
    "HUGE_COUNT": [_item(0), _item(1, count=2**40)],
    "BAD_KIND": [_item(0, kind="SPACESHIP")],
    # values near the shortcut's own checks for Int, Float and enums
    "INT_LIMITS": [_item(0, count=2**31 - 1), _item(1, count=-(2**31))],
    "INT_JUST_OVER": [_item(0, count=2**31)],
    "INT_AS_OTHERS": [_item(0, count=True), _item(1, count=3.0), _item(2, count="7")],
    "INT_AS_FRACTION": [_item(0, count=3.5)],
    "FLOAT_AS_OTHERS": [_item(0, weight=2), _item(1, weight=False), _item(2, weight="0.25")],
    "FLOAT_NAN": [_item(0, weight=float("nan"))],
    "FLOAT_INFINITE": [_item(0, weight=float("-inf"))],
    "KIND_AS_VALUE": [_item(0, kind="CONCEPT")],
    "NULL_ALIAS": [_item(0), _item(1, aliases=("a", None))],
    "ALIASES_AS_TEXT": [_item(0, aliases="a b")],
    "ALIASES_NOT_TEXT": [_item(0, aliases=[1, 2.5, True])],
    "BAD_KINDS": [_item(0, kinds=[Kind.PAPER, "SPACESHIP"])],
    "MISSING": [Broken(id="x", kind=Kind.CONCEPT, count=1, weight=None, tags=[], main_tag=None)],
    "NULL_TAG": [_item(0), _item(2, tags=[Tag(name="t", score=1.0), None])],
    "BAD_TAGS": [_item(1), _item(2, tags="t0 t1")],
    "BAD_TAG_NAME": [_item(2, main_tag=Broken(name=None, score=0.1))],
    "EMPTY": [],
}
Variant = strawberry.enum(enum.Enum("Variant", {name: name for name in VARIANTS}))


def _group(variant: Any) -> Group:
    items = VARIANTS[variant.value]
    return Group(
        name=variant.value.lower(),
        items=items,
        maybe_items=items or None,
        first=items[0] if items else _item(9),
        spare=items[-1] if items else None,
    )


@strawberry.type
class Query:
    @strawberry.field
    def group(self, variant: Variant) -> Group:  # type: ignore[valid-type]
        return _group(variant)

    @strawberry.field
    def groups(self) -> list[Group]:
        return [_group(variant) for variant in Variant]  # type: ignore[attr-defined]


def _schema(context: type) -> strawberry.Schema:
    return strawberry.Schema(query=Query, execution_context_class=context)


SHORTCUT = _schema(PlainFieldsExecutionContext)
STOCK = _schema(StrawberryGraphQLCoreExecutionContext)


def _answer(schema: strawberry.Schema, document: str) -> tuple[Any, list[Any]]:
    result = schema.execute_sync(document)
    return result.data, [error.formatted for error in result.errors or []]


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize(
    "document",
    [
        "{ group(variant: %s) { items { id kind label count weight } } }",
        "{ group(variant: %s) { name items { a: label b: label count } first { id label } } }",
        "{ group(variant: %s) { maybeItems { label weight } spare { label count } } }",
        "{ group(variant: %s) { shout(twice: true) items { __typename id ...F } } }"
        " fragment F on Item { kind count }",
        "{ group(variant: %s) { items { id label @skip(if: true) count @include(if: true) } } }",
        "{ group(variant: %s) { items { id tags { name score } mainTag { name } } } }",
        "{ groups { name first { id tags { score } } spare { mainTag { score name } } } }",
        "{ group(variant: %s) { items { id aliases kinds } first { aliases } } }",
    ],
)
def test_shortcut_answers_as_graphql_core_does(variant: str, document: str) -> None:
    query = document.replace("%s", variant)
    assert _answer(SHORTCUT, query) == _answer(STOCK, query)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(document=queries(STOCK.as_str()))
def test_generated_documents_get_the_same_answers(document: str) -> None:
    assert _answer(SHORTCUT, document) == _answer(STOCK, document)


SHARED = (
    "query($v: Variant!) { group(variant: $v) { name items { id kind label count weight "
    "tags { name score } mainTag { name } aliases kinds } first { id label } "
    "spare { label count } } }"
)


def test_a_memo_shared_by_requests_gives_each_its_own_answer() -> None:
    """The direct query path shares one memo among the requests of a document: what was worked
    out for one request's data must complete every other request's data as graphql-core does."""
    document, shared = parse(SHARED), DocumentCache()
    shared.put(SHARED, document, None)
    plans = shared.get(SHARED).plans  # type: ignore[union-attr]
    assert plans == {}
    for variant in [*VARIANTS, *reversed(VARIANTS)]:
        result = execute(
            SHORTCUT._schema,
            document,
            variable_values={"v": variant},
            executor_class=PlainFieldsExecutionContext,
            plans=plans,
        )
        assert isinstance(result, ExecutionResult)
        answer = (result.data, [e.formatted for e in result.errors or []])
        stock = STOCK.execute_sync(SHARED, variable_values={"v": variant})
        assert answer == (stock.data, [e.formatted for e in stock.errors or []]), variant
    assert plans  # filled, and used from the second request on


@pytest.mark.parametrize("directive", ["@skip(if: $x)", "@include(if: $x)"])
def test_no_shared_memo_when_variables_pick_the_fields(directive: str) -> None:
    text = f"query($x: Boolean!) {{ groups {{ name items {{ id label {directive} }} }} }}"
    cache = DocumentCache()
    cache.put(text, parse(text), None)
    assert cache.get(text).plans is None  # type: ignore[union-attr]
    for x in (True, False, True):
        shortcut = SHORTCUT.execute_sync(text, variable_values={"x": x})
        stock = STOCK.execute_sync(text, variable_values={"x": x})
        assert shortcut.data == stock.data
