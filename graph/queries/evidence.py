"""Reads of extracted edges with their evidence (where the paper writes the phrase)."""

from __future__ import annotations

from collections.abc import Sequence

from graph.models import MethodMention
from graph.queries._convert import to_method_mention
from graph.queries._run import GraphReader, fetch

__all__ = ["paper_method_mentions"]


async def paper_method_mentions(
    reader: GraphReader, *, ids: Sequence[str]
) -> dict[str, tuple[MethodMention, ...]]:
    """Each paper's (canonical ids) proposed and used methods with their edges' score and
    evidence, proposed first, keyed by id."""
    rows = await fetch(reader, "paper_method_mentions", ids=list(ids))
    return {r["id"]: tuple(to_method_mention(m) for m in r["mentions"]) for r in rows}
