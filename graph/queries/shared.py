"""What two papers share, explained: the concepts both mention and, at the discount
``relatedPapers`` uses, the broader concepts each reaches through a concept of its own."""

from __future__ import annotations

from graph.models import SharedConcept
from graph.queries._convert import to_concept
from graph.queries._run import GraphReader, Row, fetch_one
from graph.queries.papers import MAX_BROADER_PAPERS
from papergraph.errors import NotFoundError

__all__ = ["shared_concepts_explained"]


async def shared_concepts_explained(
    reader: GraphReader, *, paper_a: str, paper_b: str, include_broader: bool = True
) -> tuple[SharedConcept, ...]:
    """The concepts both papers mention (by key), then, with ``include_broader``, the broader
    concepts they reach through different concepts of theirs (by key), each with its
    ``relatedPapers`` weight; :class:`NotFoundError` names a missing paper."""
    row = await fetch_one(
        reader,
        "shared_concepts_explained",
        paperA=paper_a,
        paperB=paper_b,
        includeBroader=include_broader,
        maxBroaderPapers=MAX_BROADER_PAPERS,
    )
    row = row or {}
    for found, paper_id in ((row.get("foundA"), paper_a), (row.get("foundB"), paper_b)):
        if not found:
            raise NotFoundError(f"No paper has the id {paper_id!r}; check the id (see `papers`).")
    return tuple(_shared(r) for r in row["shared"])


def _shared(row: Row) -> SharedConcept:
    concept = to_concept(row["concept"])
    via = (row["via"][0], row["via"][1]) if row["via"] else None
    return SharedConcept(
        concept=concept,
        broader=bool(row["broader"]),
        weight=float(row["weight"]),
        via=via,
        reason=_reason(concept.name, via),
    )


def _reason(name: str, via: tuple[str, str] | None) -> str:
    if via is None:
        return f"both mention {name}"
    return f"both about {name} ({via[0]} / {via[1]}): a broader concept, at half weight"
