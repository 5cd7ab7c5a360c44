"""Hand-made rows for tests that write straight through ``graph.writes`` (no extractor)."""

from __future__ import annotations

from collections.abc import Iterable

from graph.writes import MentionRow, MethodRow, PaperRow
from loaders.records import PaperRecord


def paper_mentioning(
    pid: str,
    keys: Iterable[str] = (),
    *,
    year: int | None = 2024,
    methods: tuple[MethodRow, ...] = (),
) -> PaperRow:
    """A paper ``pid`` of ``year`` mentioning the concepts ``keys`` (in that rank order) and
    proposing or using ``methods``."""
    mentions = tuple(
        MentionRow(key=k, name=k, aliases=(k,), score=0.5, rank=i, source="keybert")
        for i, k in enumerate(keys, 1)
    )
    return PaperRow(
        id=pid,
        source_id=True,
        match_key=f"mk-{pid}",
        content_hash=f"h-{pid}",
        abstract=f"Abstract {pid}.",
        label=pid,
        source="test",
        extractor="hand",
        year=year,
        mentions=mentions,
        methods=methods,
    )


def abstract_record(pid: str, abstract: str) -> PaperRecord:
    """A corpus record ``pid`` with only an abstract, as a loader reads it."""
    return PaperRecord(
        id=pid,
        title=None,
        abstract=abstract,
        keywords=(),
        authors=(),
        year=None,
        venue=None,
        status=None,
        source="test.jsonl",
        line=1,
    )
