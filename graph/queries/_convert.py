"""Rows (plain dicts from :func:`graph.queries._run.fetch`) to :mod:`graph.models` views.

Each function is named ``to_<view>`` so that a call reads, and greps, as what it builds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from graph.models import (
    ConceptMention,
    ConceptView,
    Evidence,
    EvidenceField,
    GraphEdge,
    GraphNode,
    MethodKind,
    MethodMention,
    MethodView,
    NodeKind,
    Page,
    PaperView,
    VariantLink,
)

__all__ = [
    "to_concept",
    "to_edges",
    "to_evidence",
    "to_mention",
    "to_method",
    "to_method_mention",
    "to_nodes",
    "to_page",
    "to_paper",
    "to_variant_link",
]

Row = dict[str, Any]
T = TypeVar("T")


def to_paper(row: Row) -> PaperView:
    return PaperView(
        id=row["id"],
        label=row.get("label") or "",
        abstract=row.get("abstract") or "",
        title=row.get("title"),
        year=row.get("year"),
        venue=row.get("venue"),
        authors=tuple(row.get("authors") or ()),
        keywords=tuple(row.get("keywords") or ()),
        status=row.get("status"),
        doi=row.get("doi"),
        arxiv_id=row.get("arxivId"),
        openalex_id=row.get("openalexId"),
        s2_id=row.get("s2Id"),
        url=row.get("url"),
    )


def to_concept(row: Row) -> ConceptView:
    return ConceptView(
        key=row["key"],
        name=row["name"],
        aliases=tuple(row.get("aliases") or ()),
        paper_count=int(row.get("paperCount") or 0),
    )


def to_method(row: Row) -> MethodView:
    return MethodView(
        key=row["key"],
        name=row["name"],
        aliases=tuple(row.get("aliases") or ()),
        paper_count=int(row.get("paperCount") or 0),
        kind=MethodKind(row.get("kind") or "method"),
    )


def to_mention(row: Row) -> ConceptMention:
    return ConceptMention(
        concept=to_concept(row["concept"]),
        score=float(row["score"]),
        rank=int(row.get("rank") or 0),
        source=row.get("source") or "",
        evidence=to_evidence(row.get("evidence")),
    )


def to_method_mention(row: Row) -> MethodMention:
    return MethodMention(
        method=to_method(row["method"]),
        relation=row["relation"],
        score=float(row["score"]),
        evidence=to_evidence(row.get("evidence")),
        kind_said=MethodKind(row["kindSaid"]) if row.get("kindSaid") else None,
        kind_cue=row.get("kindCue"),
    )


def to_evidence(row: Row | None) -> Evidence | None:
    """An edge's evidence from its ``evidence*``/``sentence*`` properties (none: ``None``)."""
    if not row or row.get("evidenceField") is None:
        return None
    return Evidence(
        field=EvidenceField(row["evidenceField"]),
        start=int(row["evidenceStart"]),
        end=int(row["evidenceEnd"]),
        text=row["evidenceText"],
        sentence=row["sentence"],
        sentence_start=int(row["sentenceStart"]),
        sentence_end=int(row["sentenceEnd"]),
    )


def to_variant_link(row: Row) -> VariantLink:
    """A ``VARIANT_OF`` edge from a ``{variant, base, paper, evidence}`` row."""
    return VariantLink(
        variant=to_method(row["variant"]),
        base=to_method(row["base"]),
        paper=to_paper(row["paper"]) if row.get("paper") else None,
        evidence=to_evidence(row.get("evidence")),
    )


def to_page(row: Row | None, item: Callable[[Row], T], *, offset: int) -> Page[T]:
    """A page from a ``total, page`` row (no row: an empty page)."""
    if row is None:
        return Page(items=(), offset=offset, total=0)
    return Page(items=tuple(item(r) for r in row["page"]), offset=offset, total=int(row["total"]))


def to_nodes(rows: list[Row]) -> tuple[dict[str, GraphNode], tuple[GraphNode, ...]]:
    """Graph nodes keyed by Neo4j element id (to resolve edges), and in order."""
    by_element = {r["elementId"]: _node(r) for r in rows}
    return by_element, tuple(by_element[r["elementId"]] for r in rows)


# kind value -> (the kind, its id prefix); ``NodeKind(value)`` costs more than the rest of a node.
_KINDS = {kind.value: (kind, f"{kind.value.lower()}:") for kind in NodeKind}


def _node(row: Row) -> GraphNode:
    kind, prefix = _KINDS[row["kind"]]
    key = row["key"]
    return GraphNode(id=prefix + key, kind=kind, key=key, label=row.get("label") or key)


def to_edges(rows: list[Row], by_element: dict[str, GraphNode]) -> tuple[GraphEdge, ...]:
    """Edges between known nodes, with public node ids instead of element ids."""
    return tuple(
        GraphEdge(
            source=by_element[r["source"]].id,
            target=by_element[r["target"]].id,
            type=r["type"],
            weight=r.get("weight"),
        )
        for r in rows
        if r["source"] in by_element and r["target"] in by_element
    )
