"""Reads of the BROADER hierarchy (see :mod:`graph.hierarchy`): broader chains, narrower
concepts and the papers of a concept together with those of every concept under it."""

from __future__ import annotations

from collections.abc import Sequence

from graph.models import ConceptView, Page, PaperView
from graph.queries._convert import to_concept, to_page, to_paper
from graph.queries._run import GraphReader, fetch

__all__ = ["concept_broader", "concept_narrower", "concept_tree_papers"]


async def concept_broader(
    reader: GraphReader, *, keys: Sequence[str]
) -> dict[str, tuple[ConceptView, ...]]:
    """For each concept key, its broader concepts up the chain, nearest first."""
    rows = await fetch(reader, "concept_broader", keys=list(keys))
    return {r["key"]: tuple(to_concept(c) for c in r["broader"]) for r in rows}


async def concept_narrower(
    reader: GraphReader, *, keys: Sequence[str], first: int
) -> dict[str, tuple[ConceptView, ...]]:
    """For each concept key, the concepts directly under it, most papers first."""
    rows = await fetch(reader, "concept_narrower", keys=list(keys), first=first)
    return {r["key"]: tuple(to_concept(c) for c in r["narrower"]) for r in rows}


async def concept_tree_papers(
    reader: GraphReader, *, keys: Sequence[str], offset: int, first: int
) -> dict[str, Page[PaperView]]:
    """For each concept key, one page of the papers mentioning it or a concept under it."""
    rows = await fetch(reader, "concept_tree_papers", keys=list(keys), skip=offset, first=first)
    return {r["key"]: to_page(r, to_paper, offset=offset) for r in rows}
