"""Reads for a draft that is not in the graph (``analyzeText``): which of its terms the graph
has, and the papers nearest to it, ranked as ``related_papers`` ranks a paper's."""

from __future__ import annotations

from collections.abc import Sequence

from graph.models import ConceptView, MethodView, RelatedPaper
from graph.queries._convert import to_concept, to_method
from graph.queries._run import GraphReader, fetch, fetch_one
from graph.queries.papers import MAX_BROADER_PAPERS, TYPICAL_SAMPLE, related_paper

__all__ = ["draft_related", "entity_paper_counts", "existing_concepts"]

Scored = tuple[str, float]  # (key, the draft's score for it)


async def entity_paper_counts(
    reader: GraphReader, *, concepts: Sequence[str], methods: Sequence[str]
) -> tuple[dict[str, ConceptView], dict[str, MethodView]]:
    """The concepts and methods of the graph among the given keys, keyed by key."""
    rows = await fetch(
        reader, "entity_paper_counts", concepts=list(concepts), methods=list(methods)
    )
    found_concepts = {
        r["entity"]["key"]: to_concept(r["entity"]) for r in rows if r["kind"] == "concept"
    }
    found_methods = {
        r["entity"]["key"]: to_method(r["entity"]) for r in rows if r["kind"] == "method"
    }
    return found_concepts, found_methods


async def existing_concepts(reader: GraphReader, *, keys: Sequence[str]) -> set[str]:
    """Which of ``keys`` are concepts of the graph."""
    rows = await fetch(reader, "existing_concept_keys", keys=list(keys))
    return {str(r["key"]) for r in rows}


async def draft_related(
    reader: GraphReader,
    *,
    concepts: Sequence[Scored],
    methods: Sequence[Scored],
    broader: Sequence[tuple[str, str, float]],
    embedding: Sequence[float],
    first: int,
) -> tuple[RelatedPaper, ...]:
    """The ``first`` papers nearest to a draft with these terms (``broader``: ``(broader key,
    the draft concept's name, its score)``) and this embedding, each with its reasons."""
    row = await fetch_one(
        reader,
        "draft_related",
        concepts=[{"key": k, "score": s} for k, s in concepts],
        methods=[{"key": k, "score": s} for k, s in methods],
        broader=[{"key": k, "via": via, "score": s} for k, via, s in broader],
        conceptKeys=[k for k, _ in concepts],
        embedding=list(embedding),
        first=first,
        maxBroaderPapers=MAX_BROADER_PAPERS,
        typicalSample=TYPICAL_SAMPLE,
    )
    return tuple(related_paper(r) for r in (row or {}).get("related", ()))
