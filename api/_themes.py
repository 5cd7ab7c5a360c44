# Strawberry's field decorators are untyped without its mypy plugin (not configured here).
# mypy: disable-error-code="untyped-decorator"
"""The GraphQL fields of trends, topics and draft analysis (issue 17), mixed into ``Query``."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api._paging import page_size
from api._types import Concept, Info
from graph import models
from graph import queries as q

__all__ = ["ShareChange", "ThemesQuery"]

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
class ShareChange:
    concept: Concept
    papers_before: int
    papers_after: int
    share_before: float
    share_after: float
    change: float
    z: float

    @classmethod
    def of(cls, view: models.ShareChange) -> ShareChange:
        return view  # type: ignore[return-value]  # the view has every field (see _types)


@strawberry.type
class ThemesQuery:
    @strawberry.field(
        description=(
            "Concepts whose share of papers rose most from `from` to `to`: significant changes "
            "only (two-proportion z-test, 5 %), largest change in share first."
        )
    )
    async def rising_concepts(
        self,
        info: Info,
        from_year: FromYear,
        to_year: ToYear,
        first: int = 20,
        min_papers: MinPapers = 5,
    ) -> list[ShareChange]:
        return await _changes(info, from_year, to_year, first, min_papers, rising=True)

    @strawberry.field(
        description="Concepts whose share of papers fell most (as `risingConcepts`, reversed)."
    )
    async def falling_concepts(
        self,
        info: Info,
        from_year: FromYear,
        to_year: ToYear,
        first: int = 20,
        min_papers: MinPapers = 5,
    ) -> list[ShareChange]:
        return await _changes(info, from_year, to_year, first, min_papers, rising=False)


async def _changes(
    info: Info, from_year: int, to_year: int, first: int, min_papers: int, *, rising: bool
) -> list[ShareChange]:
    found = await q.share_changes(
        info.context.reader,
        from_year=from_year,
        to_year=to_year,
        rising=rising,
        first=page_size(first),
        min_papers=max(1, min_papers),
    )
    return [ShareChange.of(c) for c in found]
