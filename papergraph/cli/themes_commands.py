"""``papergraph trends``, ``topics`` and ``analyze``: the work behind the theme verbs."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from rich.console import Console
from rich.table import Table

from graph.connection import async_driver, database_errors
from graph.models import DraftAnalysis, DraftTerm, Page, ShareChange, TopicView
from graph.queries import GraphReader, find_topics, share_changes, topic_concepts
from graph.topics import refresh_topics
from papergraph.settings import Settings

__all__ = ["run_analyze", "run_topics", "run_trends", "with_reader"]

T = TypeVar("T")


def with_reader(settings: Settings, work: Callable[[GraphReader], Awaitable[T]]) -> T:
    """Run ``work`` with a reader on a driver opened and closed around it."""

    async def run() -> T:
        async with async_driver(settings) as driver:
            with database_errors(settings):
                return await work(GraphReader(driver=driver, settings=settings))

    return asyncio.run(run())


def run_trends(
    settings: Settings,
    *,
    from_year: int,
    to_year: int,
    first: int,
    min_papers: int,
    falling: bool,
    console: Console,
) -> tuple[ShareChange, ...]:
    """Print the concepts rising (or falling) most from ``from_year`` to ``to_year``."""
    found = with_reader(
        settings,
        lambda reader: share_changes(
            reader,
            from_year=from_year,
            to_year=to_year,
            rising=not falling,
            first=first,
            min_papers=min_papers,
        ),
    )
    console.print(_trend_table(found, from_year=from_year, to_year=to_year, falling=falling))
    if not found:
        console.print("No change is significant at 5 % (two-proportion z-test).")
    return found


def _trend_table(
    found: tuple[ShareChange, ...], *, from_year: int, to_year: int, falling: bool
) -> Table:
    title = f"{'Falling' if falling else 'Rising'} concepts, {from_year} → {to_year}"
    table = Table(title=title, caption="share: of that year's papers; z: two-proportion z-test")
    for name in ("concept", f"papers {from_year}", f"papers {to_year}", "share", "change", "z"):
        table.add_column(name, justify="left" if name == "concept" else "right")
    for c in found:
        table.add_row(
            c.concept.name,
            str(c.papers_before),
            str(c.papers_after),
            f"{c.share_before:.2%} → {c.share_after:.2%}",
            f"{c.change:+.2%}",
            f"{c.z:+.1f}",
        )
    return table


def run_topics(settings: Settings, *, first: int, recompute: bool, console: Console) -> int:
    """Recompute the topics when asked (loads do it too), then print the ``first`` of them with
    their most central concepts; return how many topics the graph has."""

    async def work(reader: GraphReader) -> tuple[Page[TopicView], dict[str, list[str]]]:
        if recompute:
            await refresh_topics(reader.driver, database=reader.database)
        page = await find_topics(reader, first=first)
        ids = [t.id for t in page.items]
        members = await topic_concepts(reader, ids=ids, first=8)
        return page, {i: [c.name for c in cs] for i, cs in members.items()}

    page, members = with_reader(settings, work)
    table = Table(title=f"Topics ({page.total}, most concepts first)")
    for name in ("topic", "concepts", "papers", "central concepts"):
        table.add_column(name, justify="right" if name in {"concepts", "papers"} else "left")
    for t in page.items:
        central = ", ".join(members.get(t.id, []))
        table.add_row(t.name, str(t.concept_count), str(t.paper_count), central)
    console.print(table)
    if not page.total:
        console.print("No topics yet: load papers, or run `papergraph topics --recompute`.")
    return page.total


def run_analyze(settings: Settings, *, text: str, first: int, console: Console) -> DraftAnalysis:
    """Analyse a draft's abstract against the graph (nothing is written) and print it."""
    from papergraph.cli._imports import import_extraction_libraries
    from papergraph.usecases.analyze import analyze_text
    from papergraph.usecases.ingest import build_extractor

    import_extraction_libraries()
    extractor = build_extractor(settings)
    found = with_reader(
        settings, lambda reader: analyze_text(text, reader=reader, extractor=extractor, first=first)
    )
    console.print(
        _terms_table("Concepts and methods of the draft", (*found.concepts, *found.methods))
    )
    papers = Table(title="Nearest papers")
    for name in ("score", "paper", "why"):
        papers.add_column(name, justify="right" if name == "score" else "left")
    for r in found.related:
        papers.add_row(f"{r.score:.2f}", f"{r.paper.label} ({r.paper.id})", r.reason)
    console.print(papers)
    new = ", ".join(f"{t.name} ({t.paper_count})" for t in found.new) or "nothing"
    console.print(f"Looks new (papers having it in brackets): {new}", highlight=False)
    return found


def _terms_table(title: str, terms: tuple[DraftTerm, ...]) -> Table:
    table = Table(title=title)
    for name in ("term", "kind", "papers", "broader in the graph"):
        table.add_column(name, justify="right" if name == "papers" else "left")
    for t in terms:
        table.add_row(t.name, t.kind, str(t.paper_count), t.broader.name if t.broader else "")
    return table
