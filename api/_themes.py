# Strawberry's field decorators are untyped without its mypy plugin (not configured here).
# mypy: disable-error-code="untyped-decorator"
"""The GraphQL fields of trends, topics and draft analysis (issue 17), mixed into ``Query``."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api._extractor import checked_text
from api._paging import offset_after, page_size
from api._types import (
    Concept,
    Connection,
    First,
    FromView,
    Info,
    Paper,
    RelatedPaper,
    TrendPoint,
)
from graph.models import DraftAnalysis as DraftAnalysisView
from graph.queries import find_topics, share_changes
from papergraph.usecases.analyze import analyze_text

__all__ = [
    "DraftAnalysis",
    "DraftTerm",
    "DraftsQuery",
    "ShareChange",
    "ThemesQuery",
    "Topic",
    "TopicsQuery",
]

FromYear = Annotated[int, strawberry.argument(name="from", description="The earlier year.")]
ToYear = Annotated[int, strawberry.argument(name="to", description="The later year.")]
MinPapers = Annotated[
    int, strawberry.argument(description="Papers of the two years together it needs at least.")
]


@strawberry.type(
    description=(
        "How a concept's share of the year's papers changed between two years; `z` is the "
        "pooled two-proportion z statistic (kept when |z| ≥ 1.96, two-sided 5 %)."
    )
)
class ShareChange(FromView):
    concept: Concept
    papers_before: int
    papers_after: int
    share_before: float
    share_after: float
    change: float
    z: float


def _share_changes(*, rising: bool, description: str) -> list[ShareChange]:
    """The field of the concepts whose share rose (``rising``) or fell most."""

    async def resolve(
        info: Info,
        from_year: FromYear,
        to_year: ToYear,
        first: int = 20,
        min_papers: MinPapers = 5,
    ) -> list[ShareChange]:
        found = await share_changes(
            info.context.reader,
            from_year=from_year,
            to_year=to_year,
            rising=rising,
            first=page_size(first),
            min_papers=max(1, min_papers),
        )
        return [ShareChange.of(c) for c in found]

    field: list[ShareChange] = strawberry.field(resolver=resolve, description=description)
    return field


@strawberry.type
class TrendsQuery:
    rising_concepts: list[ShareChange] = _share_changes(
        rising=True,
        description=(
            "Concepts whose share of papers rose most from `from` to `to`: significant changes "
            "only (two-proportion z-test, 5 %), largest change in share first."
        ),
    )
    falling_concepts: list[ShareChange] = _share_changes(
        rising=False,
        description="Concepts whose share of papers fell most (as `risingConcepts`, reversed).",
    )


@strawberry.type(
    description=(
        "A theme: a community of concepts mentioned together (Louvain on the concept "
        "co-occurrence graph), named by its most central concepts."
    )
)
class Topic(FromView):
    id: strawberry.ID
    name: str
    concept_count: int
    paper_count: int

    @strawberry.field(description="Its concepts, most central first.")
    async def concepts(self, info: Info, first: First = 10) -> list[Concept]:
        found = await info.context.loaders.topic_concepts.load((self.id, page_size(first)))
        return [Concept.of(c) for c in found]

    @strawberry.field(description="Papers mentioning its concepts, the most (by score) first.")
    async def papers(
        self, info: Info, first: First = 20, after: str | None = None
    ) -> Connection[Paper]:
        key = (self.id, offset_after(after), page_size(first))
        return Connection.of(await info.context.loaders.topic_papers.load(key), Paper)

    @strawberry.field(description="Its papers and their share of the year's papers, every year.")
    async def trend(self, info: Info) -> list[TrendPoint]:
        found = await info.context.loaders.topic_trend.load((self.id,))
        return [TrendPoint.of(t) for t in found]


@strawberry.type
class TopicsQuery:
    @strawberry.field(description="Topics, most concepts first (recomputed after every load).")
    async def topics(
        self, info: Info, first: First = 20, after: str | None = None
    ) -> Connection[Topic]:
        page = await find_topics(
            info.context.reader, offset=offset_after(after), first=page_size(first)
        )
        return Connection.of(page, Topic)

    @strawberry.field(description="A topic by id; null when there is none.")
    async def topic(self, info: Info, id: strawberry.ID) -> Topic | None:
        found = await info.context.loaders.topic.load((str(id),))
        return Topic.of(found) if found else None


@strawberry.type(description="A concept or method of a draft, and how many papers have it.")
class DraftTerm:
    key: str
    name: str
    kind: str = strawberry.field(description='"concept", "proposes" or "uses".')
    score: float
    paper_count: int = strawberry.field(description="Papers of the graph with it (0: new).")
    broader: Concept | None = strawberry.field(
        description="For a concept: its broader concept in the graph (head-noun rules)."
    )


@strawberry.type(description="Where a draft sits in the graph (nothing is written).")
class DraftAnalysis:
    concepts: list[DraftTerm]
    methods: list[DraftTerm]
    related: list[RelatedPaper] = strawberry.field(
        description="Nearest papers, ranked and explained as `relatedPapers`."
    )
    new: list[DraftTerm] = strawberry.field(
        description="Its concepts and methods that no paper of the graph, or at most two, has."
    )


@strawberry.type
class DraftsQuery:
    @strawberry.field(
        description=(
            "Extract concepts and methods from an unpublished abstract without writing "
            "anything; its nearest papers with reasons, and what looks new."
        )
    )
    async def analyze_text(self, info: Info, text: str, first: int = 10) -> DraftAnalysis:
        size, provider = page_size(first), info.context.extractor
        checked_text(text)

        async def analyse() -> DraftAnalysisView:
            extractor = await provider.get()
            return await analyze_text(
                text, reader=info.context.reader, extractor=extractor, first=size
            )

        found = await provider.analysis(analyse)
        return found  # type: ignore[return-value]  # the view has every field (see _types)


@strawberry.type
class ThemesQuery(TrendsQuery, TopicsQuery, DraftsQuery):
    """Every field of this module, mixed into ``Query``."""
