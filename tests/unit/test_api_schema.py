"""Pure checks of the API package: the committed SDL, layering, paging, error codes, exports."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest
import strawberry
from graphql import GraphQLError

import api
from api import _types
from api._paging import DEFAULT_FIRST, MAX_FIRST, cursor, offset_after, page_size
from api.errors import error_code
from graph import models
from graph.cypher import names
from graph.queries import lucene_terms
from papergraph.errors import (
    GraphUnavailableError,
    InvalidInputError,
    NotFoundError,
    QueryTimeoutError,
    UnauthenticatedError,
)

REPO = Path(__file__).resolve().parents[2]
CONTRACT_FIELDS = {
    "Query": [
        "paper",
        "papers",
        "concept",
        "concepts",
        "method",
        "methods",
        "sharedConcepts",
        "relatedPapers",
        "path",
        "neighborhood",
        "similarPapers",
        "stats",
    ],
    "Mutation": ["ingestPapers", "deletePaper"],
    "Paper": [
        "id",
        "title",
        "label",
        "abstract",
        "year",
        "venue",
        "authors",
        "keywords",
        "status",
        "concepts",
        "proposes",
        "uses",
        "related",
    ],
    "Concept": ["key", "name", "aliases", "paperCount", "papers", "related", "methods"],
    "Method": ["key", "name", "aliases", "proposedBy", "usedBy", "concepts"],
    "RelatedPaper": ["paper", "score", "sharedConcepts", "sharedMethods"],
    "PaperConnection": ["edges", "pageInfo", "totalCount"],
}


def test_committed_schema_matches() -> None:
    committed = (REPO / "schema.graphql").read_text(encoding="utf-8")
    assert committed == api.print_schema(), "run `papergraph schema > schema.graphql`"


@pytest.mark.parametrize(("type_name", "fields"), CONTRACT_FIELDS.items())
def test_contract_fields_exist(type_name: str, fields: list[str]) -> None:
    graphql_type = api.schema._schema.type_map[type_name]
    assert set(fields) <= set(graphql_type.fields)  # type: ignore[attr-defined]


def _imports(folder: str) -> set[str]:
    found = set()
    for path in (REPO / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module.split(".")[0])
    return found


def test_layers_point_one_way() -> None:
    assert "neo4j" not in _imports("api")
    assert not {"strawberry", "starlette", "api"} & _imports("graph")
    cypher = re.compile(r"\b(MATCH|MERGE|UNWIND)\s*\(|RETURN\s+\w+\s*\{")
    for path in (REPO / "api").rglob("*.py"):
        assert not cypher.search(path.read_text(encoding="utf-8")), path


READS = [
    "papers_by_ids",
    "find_papers",
    "find_papers_by_concept",
    "find_papers_by_method",
    "search_papers",
    "paper_concepts",
    "paper_methods",
    "related_papers",
    "shared_concepts",
    "search_lexical",
    "search_semantic",
    "search_similarities",
    "papers_in_order",
    "paper_vectors",
    "recommend_candidates",
    "concept_by_key",
    "concept_by_name",
    "find_concepts",
    "search_concepts",
    "method_by_key",
    "method_by_name",
    "find_methods",
    "search_methods",
    "concept_papers",
    "method_used_by",
    "method_proposed_by",
    "concept_related",
    "concept_methods",
    "method_concepts",
    "shortest_path",
    "neighborhood",
    "graph_counts",
]


def test_every_read_statement_exists_and_is_used() -> None:
    source = "\n".join(
        p.read_text(encoding="utf-8") for p in (REPO / "graph" / "queries").glob("*.py")
    )
    assert set(READS) <= set(names())
    assert [name for name in READS if f'"{name}"' not in source] == []


def test_page_size_and_cursors() -> None:
    assert page_size(None) == DEFAULT_FIRST and page_size(MAX_FIRST) == MAX_FIRST
    for bad in (0, -1, MAX_FIRST + 1):
        with pytest.raises(InvalidInputError):
            page_size(bad)
    assert offset_after(None) == 0 and offset_after(cursor(41)) == 42
    for bad in ("nope", cursor(-3), "b2Zmc2V0Onh4"):
        with pytest.raises(InvalidInputError):
            offset_after(bad)


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (NotFoundError("x"), "NOT_FOUND"),
        (InvalidInputError("x"), "BAD_USER_INPUT"),
        (UnauthenticatedError("x"), "UNAUTHENTICATED"),
        (GraphUnavailableError("x"), "DATABASE_UNAVAILABLE"),
        (QueryTimeoutError("x"), "TIMEOUT"),
        (None, "BAD_USER_INPUT"),
        (KeyError("x"), "INTERNAL"),
    ],
)
def test_error_codes(error: Exception | None, code: str) -> None:
    assert error_code(GraphQLError("m", original_error=error)) == code


def test_lucene_terms_are_plain() -> None:
    assert lucene_terms('a AND (b) "c" OR d*') == r"a and \(b\) \"c\" or d\*"


_NODE = models.GraphNode(id="paper:p1", kind=models.NodeKind.PAPER, key="p1", label="P")
_EDGE = models.GraphEdge(source="paper:p1", target="concept:c", type="MENTIONS", weight=0.5)


@strawberry.type
class _GraphQuery:
    @strawberry.field
    def graph(self) -> _types.Subgraph:
        return _types.Subgraph.of(models.Subgraph(nodes=(_NODE,), edges=(_EDGE,)))


@pytest.mark.parametrize(
    ("name", "view"),
    [
        ("Paper", "PaperView"),
        ("Concept", "ConceptView"),
        ("Method", "MethodView"),
        ("ConceptMention", "ConceptMention"),
        ("ConceptCooccurrence", "ConceptCooccurrence"),
        ("RelatedPaper", "RelatedPaper"),
        ("GraphNode", "GraphNode"),
        ("GraphEdge", "GraphEdge"),
        ("Subgraph", "Subgraph"),
        ("GraphPath", "GraphPath"),
        ("Stats", "Stats"),
    ],
)
def test_views_are_answered_as_they_are(name: str, view: str) -> None:
    """The API hands graph.models' views to Strawberry uncopied, so every plain field of the
    GraphQL type must be an attribute of the view (resolver fields read only those)."""
    definition = getattr(_types, name).__strawberry_definition__
    plain = {f.python_name for f in definition.fields if f.base_resolver is None}
    model = getattr(models, view)
    properties = {name for name, value in vars(model).items() if isinstance(value, property)}
    assert plain <= {f.name for f in dataclasses.fields(model)} | properties


def test_graph_views_answer_as_graphql_values() -> None:
    result = strawberry.Schema(query=_GraphQuery).execute_sync(
        "{ graph { nodes { id kind key label } edges { source target type weight } } }"
    )
    assert result.errors is None
    assert result.data == {
        "graph": {
            "nodes": [{"id": "paper:p1", "kind": "PAPER", "key": "p1", "label": "P"}],
            "edges": [
                {"source": "paper:p1", "target": "concept:c", "type": "MENTIONS", "weight": 0.5}
            ],
        }
    }
