"""The arithmetic of trends: shares per year and the test that ranks rising and falling concepts.

A concept's share of a year is the fraction of that year's papers mentioning it. Rising and
falling are judged by a two-proportion z-test (pooled): z = (s₂ − s₁) / √(p̂(1 − p̂)(1/n₁ + 1/n₂))
with p̂ = (k₁ + k₂)/(n₁ + n₂). Only changes with |z| ≥ 1.96 (two-sided 5 %) are kept, and they
are ranked by the change in share itself, so 2 → 4 papers out of thousands is noise, not a
doubling, while a concept that grows from 0.5 % to 5 % of the field leads.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from graph.models import ConceptView, ShareChange, TrendPoint

__all__ = ["Z_CRITICAL", "rank_changes", "share_change", "trend_points", "z_score"]

#: Two-sided 5 % critical value of the standard normal distribution.
Z_CRITICAL = 1.96


def trend_points(counts: Mapping[int, int], totals: Mapping[int, int]) -> tuple[TrendPoint, ...]:
    """One point for every year the graph has papers in (0 papers where none mention it)."""
    return tuple(
        TrendPoint(
            year=year, papers=counts.get(year, 0), total=total, share=counts.get(year, 0) / total
        )
        for year, total in sorted(totals.items())
        if total
    )


def z_score(before: int, n_before: int, after: int, n_after: int) -> float:
    """The pooled two-proportion z statistic of ``before/n_before`` → ``after/n_after``."""
    pooled = (before + after) / (n_before + n_after)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n_before + 1 / n_after))
    if spread == 0:
        return 0.0
    return (after / n_after - before / n_before) / spread


def share_change(
    concept: ConceptView, *, before: int, n_before: int, after: int, n_after: int
) -> ShareChange:
    """The change of ``concept``'s share between two years, with its z statistic."""
    return ShareChange(
        concept=concept,
        papers_before=before,
        papers_after=after,
        share_before=before / n_before,
        share_after=after / n_after,
        change=after / n_after - before / n_before,
        z=z_score(before, n_before, after, n_after),
    )


def rank_changes(
    changes: Iterable[ShareChange], *, rising: bool, first: int
) -> tuple[ShareChange, ...]:
    """The ``first`` significant rises (or falls), largest change in share first."""
    sign = 1 if rising else -1
    kept = [c for c in changes if sign * c.z >= Z_CRITICAL]
    kept.sort(key=lambda c: (-sign * c.change, -sign * c.z, c.concept.key))
    return tuple(kept[:first])
