"""Hand-made rows for tests that write straight through ``graph.writes`` (no extractor)."""

from __future__ import annotations

from collections.abc import Iterable

from graph.writes import MentionRow, MethodRow, PaperRow


def paper_mentioning(
    pid: str, keys: Iterable[str] = (), *, year: int = 2024, methods: tuple[MethodRow, ...] = ()
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
