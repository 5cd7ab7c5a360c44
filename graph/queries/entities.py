"""Reads about concepts and methods: lookups, pages, and what they connect to."""

from __future__ import annotations

from collections.abc import Sequence

from graph.models import (
    ConceptCooccurrence,
    ConceptView,
    KindReason,
    KindVote,
    MethodKind,
    MethodView,
    Page,
    PaperView,
)
from graph.queries._convert import to_concept, to_method, to_page, to_paper
from graph.queries._lucene import lucene_phrase, lucene_terms
from graph.queries._run import GraphReader, fetch, fetch_one

__all__ = [
    "concept_methods",
    "concept_papers",
    "concept_related",
    "find_concepts",
    "find_methods",
    "get_concept",
    "get_method",
    "method_concepts",
    "method_kind_reasons",
    "method_proposed_by",
    "method_used_by",
]


async def get_concept(
    reader: GraphReader, *, key: str | None = None, name: str | None = None
) -> ConceptView | None:
    """The concept with this key, else the one (most papers) named or aliased ``name``."""
    if key is not None:
        row = await fetch_one(reader, "concept_by_key", key=key)
    elif name is not None and name.strip():
        row = await fetch_one(
            reader, "concept_by_name", name=name.strip(), phrase=lucene_phrase(name)
        )
    else:
        return None
    return to_concept(row["concept"]) if row else None


async def get_method(
    reader: GraphReader, *, key: str | None = None, name: str | None = None
) -> MethodView | None:
    """The method with this key, else the one (most papers) named or aliased ``name``."""
    if key is not None:
        row = await fetch_one(reader, "method_by_key", key=key)
    elif name is not None and name.strip():
        row = await fetch_one(
            reader, "method_by_name", name=name.strip(), phrase=lucene_phrase(name)
        )
    else:
        return None
    return to_method(row["method"]) if row else None


async def find_concepts(
    reader: GraphReader, *, search: str | None = None, offset: int = 0, first: int = 20
) -> Page[ConceptView]:
    """One page of concepts: best full-text match first, or most papers first without search."""
    if search and search.strip():
        row = await fetch_one(
            reader, "search_concepts", search=lucene_terms(search), skip=offset, first=first
        )
    else:
        row = await fetch_one(reader, "find_concepts", skip=offset, first=first)
    return to_page(row, to_concept, offset=offset)


async def find_methods(
    reader: GraphReader,
    *,
    search: str | None = None,
    kind: MethodKind | None = None,
    offset: int = 0,
    first: int = 20,
) -> Page[MethodView]:
    """One page of methods (of one ``kind`` when given): best full-text match first, or most
    papers first without search."""
    params = {"kind": kind.value if kind else None, "skip": offset, "first": first}
    if search and search.strip():
        row = await fetch_one(reader, "search_methods", search=lucene_terms(search), **params)
    else:
        row = await fetch_one(reader, "find_methods", **params)
    return to_page(row, to_method, offset=offset)


async def concept_papers(
    reader: GraphReader, *, keys: Sequence[str], offset: int, first: int
) -> dict[str, Page[PaperView]]:
    """For each concept key, one page of the papers mentioning it (best mention first)."""
    rows = await fetch(reader, "concept_papers", keys=list(keys), skip=offset, first=first)
    return {r["key"]: to_page(r, to_paper, offset=offset) for r in rows}


async def method_used_by(
    reader: GraphReader, *, keys: Sequence[str], offset: int, first: int
) -> dict[str, Page[PaperView]]:
    """For each method key, one page of the papers using it (best edge first)."""
    rows = await fetch(reader, "method_used_by", keys=list(keys), skip=offset, first=first)
    return {r["key"]: to_page(r, to_paper, offset=offset) for r in rows}


async def method_proposed_by(
    reader: GraphReader, *, keys: Sequence[str]
) -> dict[str, tuple[PaperView, ...]]:
    """For each method key, the papers proposing it (at most 100)."""
    rows = await fetch(reader, "method_proposed_by", keys=list(keys))
    return {r["key"]: tuple(to_paper(p) for p in r["papers"]) for r in rows}


async def method_kind_reasons(reader: GraphReader, *, keys: Sequence[str]) -> dict[str, KindReason]:
    """For each method key, why it has its kind: the deciding cue and the papers' votes."""
    rows = await fetch(reader, "method_kind_reasons", keys=list(keys))
    return {
        r["key"]: KindReason(
            cue=r["cue"],
            papers=r["papers"],
            typed=r["typed"],
            votes=tuple(KindVote(MethodKind(v["kind"]), v["papers"]) for v in r["votes"]),
        )
        for r in rows
    }


async def concept_related(
    reader: GraphReader, *, keys: Sequence[str], first: int
) -> dict[str, tuple[ConceptCooccurrence, ...]]:
    """For each concept key, the concepts co-mentioned with it, most shared papers first."""
    rows = await fetch(reader, "concept_related", keys=list(keys), first=first)
    return {
        r["key"]: tuple(
            ConceptCooccurrence(concept=to_concept(x["concept"]), papers=x["papers"])
            for x in r["related"]
        )
        for r in rows
    }


async def concept_methods(
    reader: GraphReader, *, keys: Sequence[str], first: int
) -> dict[str, tuple[MethodView, ...]]:
    """For each concept key, the methods related to it, most papers linking both first."""
    rows = await fetch(reader, "concept_methods", keys=list(keys), first=first)
    return {r["key"]: tuple(to_method(m) for m in r["methods"]) for r in rows}


async def method_concepts(
    reader: GraphReader, *, keys: Sequence[str], first: int
) -> dict[str, tuple[ConceptView, ...]]:
    """For each method key, the concepts related to it, most papers linking both first."""
    rows = await fetch(reader, "method_concepts", keys=list(keys), first=first)
    return {r["key"]: tuple(to_concept(c) for c in r["concepts"]) for r in rows}
