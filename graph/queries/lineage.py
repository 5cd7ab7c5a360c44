"""Reads about methods' kinds and lineage: named variants and who introduced and used each."""

from __future__ import annotations

from collections.abc import Sequence

from graph.models import Lineage, LineageEntry, MethodVariants
from graph.queries._convert import to_method, to_paper, to_variant_link
from graph.queries._run import GraphReader, Row, fetch, fetch_one

__all__ = ["method_lineage", "method_variants"]


async def method_variants(reader: GraphReader, *, keys: Sequence[str]) -> dict[str, MethodVariants]:
    """For each method key, what it is a variant of and its variants (most papers first)."""
    rows = await fetch(reader, "method_variants", keys=list(keys))
    return {
        r["key"]: MethodVariants(
            variant_of=to_method(r["variantOf"]) if r["variantOf"] else None,
            variants=tuple(to_method(v) for v in r["variants"]),
            links=tuple(to_variant_link(link) for link in r["links"]),
        )
        for r in rows
    }


async def method_lineage(reader: GraphReader, *, key: str, first: int = 20) -> Lineage | None:
    """The lineage of the method with this key (None when there is none): what it varies, then
    itself and the methods varying it, each with ``first`` introducing and using papers."""
    row = await fetch_one(reader, "method_lineage", key=key, first=first)
    if row is None:
        return None
    entries = tuple(_entry(e) for e in row["entries"])
    return Lineage(
        method=entries[0].method,
        variant_of=tuple(to_method(m) for m in row["variantOf"]),
        entries=entries,
    )


def _entry(row: Row) -> LineageEntry:
    return LineageEntry(
        method=to_method(row["method"]),
        depth=int(row["depth"]),
        introduced_by=tuple(to_paper(p) for p in row["introducedBy"]),
        used_by=tuple(to_paper(p) for p in row["usedBy"]),
        use_count=int(row["useCount"]),
        links=tuple(to_variant_link(link) for link in row["links"]),
    )
