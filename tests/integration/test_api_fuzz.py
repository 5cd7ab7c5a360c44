"""GraphQL generated from the schema never gets a 500 or a traceback; hostile strings are data.

Queries and mutations come from ``hypothesis-graphql`` (valid ones, and invalid ones in
negative mode), sent over HTTP to the real app on the real Neo4j. Every string argument of every
field is then given Cypher- and Lucene-looking text: the graph must not change and no error may
be INTERNAL (a Lucene syntax error leaking from full-text search would be).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLList,
    GraphQLNamedType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLType,
)
from hypothesis import HealthCheck, given, settings
from hypothesis_graphql import Mode, mutations, queries
from neo4j import AsyncDriver
from pydantic import SecretStr
from starlette.applications import Starlette

from api import create_app, print_schema
from api.schema import schema as app_schema
from graph.models import Stats
from graph.writes import MentionRow, MethodRow, PaperRow, graph_counts, upsert_papers
from loaders.extraction.simple import SimpleExtractor
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j
TOKEN = "fuzz-token-123"
SDL = print_schema()
KNOWN_CODES = {
    "BAD_USER_INPUT",
    "QUERY_TOO_COSTLY",
    "NOT_FOUND",
    "UNAUTHENTICATED",
    "TIMEOUT",
    "DATABASE_UNAVAILABLE",
}
HOSTILE = (
    "') MATCH (n) DETACH DELETE n //",
    '" OR 1=1 //',
    "*",
    "~",
    '"',
    "\\",
    "a\\",
    "\\\\",
    "title:* OR abstract:*",
    "[a TO z]",
    "/.*/",
    "(((",
    "a && b || !c",
    "^2",
    "{x}",
    "-",
    "+",
    "n})-[r]->() DELETE r //",
    "${param}",
    "\u0000",
    "x" * 4000,
)
FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@asynccontextmanager
async def serve(app: Starlette) -> AsyncIterator[httpx.AsyncClient]:
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as client:
            yield client


@pytest.fixture
async def client(driver: AsyncDriver, neo4j_settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    """The API (token set, small extractor) over two papers sharing a concept and a method."""
    rows = [
        PaperRow(
            id=f"p{i}",
            source_id=True,
            match_key=f"mk-p{i}",
            content_hash="h",
            label=f"Paper {i}",
            abstract="Graph transformers for molecules.",
            source="fuzz",
            extractor="hand",
            year=2024,
            mentions=(
                MentionRow(
                    key="graph transformer",
                    name="graph transformer",
                    aliases=("GT",),
                    score=0.9,
                    rank=1,
                    source="keybert",
                ),
            ),
            methods=(MethodRow(key="dyaug", name="DyAug", aliases=(), score=0.8, kind="USES"),),
        )
        for i in (1, 2)
    ]
    await upsert_papers(driver, database=neo4j_settings.neo4j_database, papers=rows)
    settings_ = neo4j_settings.model_copy(update={"api_token": SecretStr(TOKEN)})
    app = create_app(settings_, extractor_factory=lambda: SimpleExtractor(dimensions=384))
    async with serve(app) as http:
        yield http


async def post(
    client: httpx.AsyncClient, query: str, variables: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Send ``query``; check the response is a GraphQL answer, not a crash."""
    response = await client.post(
        "/graphql",
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {TOKEN}"},
    )
    assert response.status_code < 500, response.text
    assert "Traceback" not in response.text and 'File "' not in response.text
    body: dict[str, Any] = response.json()
    assert "data" in body or "errors" in body
    codes = {e.get("extensions", {}).get("code") for e in body.get("errors", [])}
    assert codes <= KNOWN_CODES, body
    return body


@FUZZ
@given(query=queries(SDL) | queries(SDL, mode=Mode.NEGATIVE))
async def test_generated_queries_never_crash(client: httpx.AsyncClient, query: str) -> None:
    await post(client, query)


@FUZZ
@given(mutation=mutations(SDL) | mutations(SDL, mode=Mode.NEGATIVE))
async def test_generated_mutations_never_crash(client: httpx.AsyncClient, mutation: str) -> None:
    await post(client, mutation)


# --- hostile strings in every argument ----------------------------------------------------------


def _named(kind: GraphQLType) -> GraphQLNamedType:
    while isinstance(kind, GraphQLNonNull | GraphQLList):
        kind = kind.of_type
    assert isinstance(kind, GraphQLNamedType)
    return kind


def _selection(kind: GraphQLType, depth: int = 0) -> str:
    """Every scalar field of ``kind`` (one level of objects below), with no arguments."""
    named = _named(kind)
    if not isinstance(named, GraphQLObjectType):
        return ""
    parts = []
    for name, field in named.fields.items():
        inner = _named(field.type)
        if isinstance(inner, GraphQLScalarType | GraphQLEnumType):
            parts.append(name)
        elif depth < 1 and not any(isinstance(a.type, GraphQLNonNull) for a in field.args.values()):
            inner_selection = _selection(field.type, depth + 1)
            if inner_selection:  # a type of objects only (VariantLink) has nothing to select here
                parts.append(f"{name} {inner_selection}")
    return "{ " + " ".join(parts) + " }" if parts else ""


def _value(kind: GraphQLType, text: str) -> object:
    named = _named(kind)
    if isinstance(named, GraphQLEnumType):
        return next(iter(named.values))
    return {"String": text, "ID": text, "Int": 1, "Boolean": True}.get(named.name, text)


def _documents(
    operation: str, name: str, field: GraphQLField, text: str
) -> list[tuple[str, dict[str, Any]]]:
    """``name`` once per string argument set to ``text`` (required arguments always given)."""
    required = {a for a, arg in field.args.items() if isinstance(arg.type, GraphQLNonNull)}
    strings = [a for a, arg in field.args.items() if _named(arg.type).name in {"String", "ID"}]
    return [
        _document(operation, name, field, text, required | {chosen}) for chosen in strings or [None]
    ]


def _document(
    operation: str, name: str, field: GraphQLField, text: str, chosen: set[str | None]
) -> tuple[str, dict[str, Any]]:
    args = {a: arg for a, arg in field.args.items() if a in chosen}
    params = ", ".join(f"${a}: {arg.type}" for a, arg in args.items())
    call = ", ".join(f"{a}: ${a}" for a in args)
    document = (
        f"{operation} Q{'(' + params + ')' if params else ''} "
        f"{{ {name}{'(' + call + ')' if call else ''} {_selection(field.type)} }}"
    )
    return document, {a: _value(arg.type, text) for a, arg in args.items()}


def _fields(operation: str) -> dict[str, GraphQLField]:
    graphql_schema = app_schema._schema
    root = graphql_schema.query_type if operation == "query" else graphql_schema.mutation_type
    assert root is not None
    return dict(root.fields)


async def _snapshot(driver: AsyncDriver, settings_: Settings) -> tuple[Stats, str]:
    records, _, _ = await driver.execute_query(
        "MATCH (n) RETURN labels(n) AS l, properties(n) AS p ORDER BY elementId(n)",
        database_=settings_.neo4j_database,
    )
    return await graph_counts(driver, database=settings_.neo4j_database), json.dumps(
        [r.data() for r in records], sort_keys=True, default=str
    )


async def test_hostile_strings_in_every_argument_are_data(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    before = await _snapshot(driver, neo4j_settings)
    sent = 0
    for operation in ("query", "mutation"):
        for name, field in _fields(operation).items():
            if name == "ingestPapers":
                continue  # it stores its strings, by design; covered by the text below
            for text in HOSTILE:
                for document, variables in _documents(operation, name, field, text):
                    body = await post(client, document, variables)
                    assert (
                        not (body.get("errors") or [{}])[0]
                        .get("message", "")
                        .startswith("Variable")
                    ), (document, body)  # the document itself is well-formed
                    sent += 1
    assert sent >= len(HOSTILE) * 10
    assert await _snapshot(driver, neo4j_settings) == before


async def test_hostile_text_is_stored_and_found_verbatim(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    abstract = (
        "We study ') MATCH (n) DETACH DELETE n // and title:* OR \\ ~ \" [a TO z] as "
        "plain text inside an abstract about graph transformers for molecules."
    )
    body = await post(
        client,
        "mutation($a: String!) { ingestPapers(papers: [{abstract: $a, "
        'id: "x\') DETACH DELETE n //"}]) { written ids } }',
        {"a": abstract},
    )
    assert body["data"]["ingestPapers"]["ids"] == ["x') DETACH DELETE n //"]
    found = await post(
        client, "query($id: ID!) { paper(id: $id) { abstract } }", {"id": "x') DETACH DELETE n //"}
    )
    assert found["data"]["paper"]["abstract"] == abstract
    assert (await graph_counts(driver, database=neo4j_settings.neo4j_database)).papers == 3
