"""Reads of the topics :mod:`graph.topics` computes: listings, members, papers, trends."""

from __future__ import annotations

from collections.abc import Sequence

from graph.models import ConceptView, Page, PaperView, TopicView, TrendPoint
from graph.queries._convert import to_concept, to_page, to_paper
from graph.queries._run import GraphReader, Row, fetch, fetch_one
from graph.queries.trends import year_totals
from graph.trend_stats import trend_points

__all__ = [
    "find_topics",
    "paper_topics",
    "topic_concepts",
    "topic_papers",
    "topic_trend",
    "topics_by_ids",
]


def _topic(row: Row) -> TopicView:
    return TopicView(
        id=row["id"],
        name=row["name"],
        concept_count=int(row.get("conceptCount") or 0),
        paper_count=int(row.get("paperCount") or 0),
    )


async def find_topics(reader: GraphReader, *, offset: int = 0, first: int = 20) -> Page[TopicView]:
    """One page of topics, most concepts first."""
    row = await fetch_one(reader, "find_topics", skip=offset, first=first)
    return to_page(row, _topic, offset=offset)


async def topics_by_ids(reader: GraphReader, *, ids: Sequence[str]) -> dict[str, TopicView]:
    """The topics named by ``ids``, keyed by id."""
    rows = await fetch(reader, "topics_by_ids", ids=list(ids))
    return {r["id"]: _topic(r["topic"]) for r in rows}


async def topic_concepts(
    reader: GraphReader, *, ids: Sequence[str], first: int
) -> dict[str, tuple[ConceptView, ...]]:
    """For each topic id, its ``first`` most central concepts."""
    rows = await fetch(reader, "topic_concepts", ids=list(ids), first=first)
    return {r["id"]: tuple(to_concept(c) for c in r["concepts"]) for r in rows}


async def topic_papers(
    reader: GraphReader, *, ids: Sequence[str], offset: int, first: int
) -> dict[str, Page[PaperView]]:
    """For each topic id, one page of its papers (most of the topic's concepts first)."""
    rows = await fetch(reader, "topic_papers", ids=list(ids), skip=offset, first=first)
    return {r["id"]: to_page(r, to_paper, offset=offset) for r in rows}


async def paper_topics(
    reader: GraphReader, *, ids: Sequence[str], first: int
) -> dict[str, tuple[TopicView, ...]]:
    """For each paper (canonical ids), its ``first`` topics, strongest first."""
    rows = await fetch(reader, "paper_topics", ids=list(ids), first=first)
    return {r["id"]: tuple(_topic(t) for t in r["topics"]) for r in rows}


async def topic_trend(
    reader: GraphReader, *, ids: Sequence[str]
) -> dict[str, tuple[TrendPoint, ...]]:
    """For each topic id, its papers and their share of every year's papers."""
    totals = await year_totals(reader)
    rows = await fetch(reader, "topic_trend", ids=list(ids))
    return {
        r["id"]: trend_points({y["year"]: y["papers"] for y in r["years"]}, totals) for r in rows
    }
