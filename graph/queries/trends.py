"""Trends: papers per year of a concept or method, normalised by the year's papers, and the
concepts whose share rose or fell most between two years (see :mod:`graph.trend_stats`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from graph.models import ConceptView, ShareChange, TrendPoint
from graph.queries._convert import to_concept
from graph.queries._run import GraphReader, fetch, fetch_one
from graph.trend_stats import rank_changes, share_change, trend_points
from papergraph.errors import InvalidInputError

__all__ = ["concept_trend", "method_trend", "share_changes", "year_totals"]


async def year_totals(reader: GraphReader) -> dict[int, int]:
    """Papers per year (papers without a year left out)."""
    rows = await fetch(reader, "year_totals")
    return {int(r["year"]): int(r["papers"]) for r in rows}


async def concept_trend(
    reader: GraphReader, *, keys: Sequence[str]
) -> dict[str, tuple[TrendPoint, ...]]:
    """For each concept key, its papers and share in every year the graph has papers in."""
    return await _trend(reader, "concept_trend", keys)


async def method_trend(
    reader: GraphReader, *, keys: Sequence[str]
) -> dict[str, tuple[TrendPoint, ...]]:
    """For each method key, its papers (proposing or using it) and share in every year."""
    return await _trend(reader, "method_trend", keys)


async def _trend(
    reader: GraphReader, name: str, keys: Sequence[str]
) -> dict[str, tuple[TrendPoint, ...]]:
    totals = await year_totals(reader)
    rows = await fetch(reader, name, keys=list(keys))
    return {
        r["key"]: trend_points({y["year"]: y["papers"] for y in r["years"]}, totals) for r in rows
    }


async def share_changes(
    reader: GraphReader,
    *,
    from_year: int,
    to_year: int,
    rising: bool = True,
    first: int = 20,
    min_papers: int = 5,
) -> tuple[ShareChange, ...]:
    """The ``first`` concepts whose share of papers rose (``rising``) or fell most from
    ``from_year`` to ``to_year``, among those in ``min_papers`` papers of the two years or more,
    keeping only changes significant at 5 % by a two-proportion z-test."""
    if from_year == to_year:
        raise InvalidInputError("`from` and `to` are the same year; give two different years.")
    totals = await year_totals(reader)
    missing = [y for y in (from_year, to_year) if not totals.get(y)]
    if missing:
        years = ", ".join(map(str, sorted(totals))) or "none"
        raise InvalidInputError(f"No paper has the year {missing[0]}; years with papers: {years}.")
    row = await fetch_one(
        reader, "concept_year_counts", fromYear=from_year, toYear=to_year, minPapers=min_papers
    )
    counts = zip(row["keys"], row["before"], row["after"], strict=True) if row else ()
    n_before, n_after = totals[from_year], totals[to_year]
    changes = (
        share_change(
            ConceptView(key=key, name=key, aliases=(), paper_count=0),  # looked up once ranked
            before=int(before),
            n_before=n_before,
            after=int(after),
            n_after=n_after,
        )
        for key, before, after in counts
    )
    ranked = rank_changes(changes, rising=rising, first=first)
    views = await _concepts(reader, [c.concept.key for c in ranked])
    return tuple(replace(c, concept=views[c.concept.key]) for c in ranked if c.concept.key in views)


async def _concepts(reader: GraphReader, keys: list[str]) -> dict[str, ConceptView]:
    if not keys:
        return {}
    rows = await fetch(reader, "entity_paper_counts", concepts=keys, methods=[])
    return {r["entity"]["key"]: to_concept(r["entity"]) for r in rows}
