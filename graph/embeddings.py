"""The papers' stored vectors: finding those written by another embedding model, and storing
their new vectors.

Search and related papers compare one model's vectors. A graph written by an earlier version
(another model, another vector size) is brought up to date by the next load: ``ensure_schema``
remakes the vector index for the current size, and the load embeds every paper whose vector
is missing or of another size, batch by batch (:func:`papers_to_embed`, :func:`store_embeddings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from neo4j import AsyncDriver

from graph.cypher import query

__all__ = ["PaperText", "papers_to_embed", "store_embeddings"]

_TO_EMBED = query("papers_to_embed")
_STORE = query("store_embeddings")


@dataclass(frozen=True)
class PaperText:
    """A paper to embed anew: its id and abstract."""

    id: str
    abstract: str


async def papers_to_embed(
    driver: AsyncDriver,
    *,
    database: str,
    dimensions: int,
    first: int,
    exclude: Sequence[str] = (),
) -> list[PaperText]:
    """Up to ``first`` papers whose vector is missing or not of size ``dimensions``, other
    than those of ids in ``exclude``."""
    records, _, _ = await driver.execute_query(
        _TO_EMBED,
        dimensions=dimensions,
        first=first,
        exclude=list(exclude),
        database_=database,
        routing_="r",
    )
    return [PaperText(id=r["id"], abstract=r["abstract"]) for r in records]


async def store_embeddings(
    driver: AsyncDriver, *, database: str, vectors: Sequence[tuple[str, Sequence[float]]]
) -> None:
    """Store ``(paper id, vector)`` pairs (vectors of non-zero length)."""
    rows = [{"id": paper_id, "embedding": list(vector)} for paper_id, vector in vectors]
    if rows:
        await driver.execute_query(_STORE, rows=rows, database_=database)
