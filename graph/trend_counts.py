"""Papers per year kept on each Concept and Method node, so trends read counts, not mentions.

``trendYears`` (ascending), ``trendPapers`` (parallel) and ``trendTotal`` (papers with a year)
are always what the edges say. A batch of :func:`graph.writes.upsert_papers` moves them by its
own papers inside its transaction (``move_trend_counts``: out under the year each paper was
counted under before its edges are removed, in under its year once they are written), so a
batch costs its own edges, not the papers of a concept a fifth of the graph mentions. Passes
that move edges between nodes (a concept's MENTIONS turned into a method's USES) and a
paper's deletion recount the nodes they touched from their edges
(:func:`count_in_transaction`, :func:`refresh_trend_counts`), and
:func:`refresh_pending_trend_counts` counts the nodes of a graph written before the counts
were kept.

Topics keep the same lists (``trendYears``, ``trendPapers``) of their HAS_TOPIC papers.
:func:`count_topics_in_transaction` counts them from the edges when the topics are computed;
afterwards every write that creates or deletes such edges (a batch's or a pass's relink, a
paper's deletion) moves them by its own edges in its own transaction
(:func:`move_topics_in_transaction`): each edge keeps the year it was counted under, so the
counts stay what the edges say without reading a topic's thousands of edges per batch.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from neo4j import AsyncDriver, AsyncManagedTransaction, unit_of_work

from graph.cypher import query

__all__ = [
    "count_in_transaction",
    "count_topics_in_transaction",
    "move_topics_in_transaction",
    "net_topic_moves",
    "refresh_pending_trend_counts",
    "refresh_trend_counts",
]

_BATCH = 2000
_WRITE_TIMEOUT_SECONDS = 300.0


async def count_in_transaction(
    tx: AsyncManagedTransaction, *, concept_keys: Iterable[str], method_keys: Iterable[str]
) -> int:
    """Recount the given concepts and methods inside ``tx``; return how many exist.

    Keys are sorted so that concurrent writers lock shared nodes in the same order."""
    result = await tx.run(
        query("refresh_trend_counts"),
        conceptKeys=sorted(set(concept_keys)),
        methodKeys=sorted(set(method_keys)),
    )
    record = await result.single()
    return int(record["counted"]) if record else 0


async def count_topics_in_transaction(tx: AsyncManagedTransaction, *, ids: Iterable[str]) -> int:
    """Recount the papers per year of the given topics inside ``tx``; return how many exist.

    Ids are sorted so that concurrent writers lock shared topics in the same order."""
    result = await tx.run(query("refresh_topic_trends"), ids=sorted(set(ids)))
    record = await result.single()
    return int(record["counted"]) if record else 0


def net_topic_moves(moves: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The net change per topic and year of ``moves`` (``{id, year, change}`` per edge deleted
    or created), as ``move_topic_trends`` takes them: topics sorted by id, years ascending,
    topics and years that net to nothing left out."""
    net: defaultdict[str, Counter[int]] = defaultdict(Counter)
    for move in moves:
        net[str(move["id"])][int(move["year"])] += int(move["change"])
    rows = []
    for topic in sorted(net):
        years = sorted(y for y, change in net[topic].items() if change)
        if years:
            rows.append({"id": topic, "years": years, "changes": [net[topic][y] for y in years]})
    return rows


async def move_topics_in_transaction(
    tx: AsyncManagedTransaction, *, moves: Iterable[Mapping[str, Any]]
) -> int:
    """Move the per-year counts of the topics by the HAS_TOPIC edges ``tx`` created and
    deleted (``moves``, see :func:`net_topic_moves`); return how many topics moved."""
    topics = net_topic_moves(moves)
    if not topics:
        return 0
    result = await tx.run(query("move_topic_trends"), topics=topics)
    record = await result.single()
    return int(record["moved"]) if record else 0


async def refresh_trend_counts(
    driver: AsyncDriver,
    *,
    database: str,
    concept_keys: Iterable[str] = (),
    method_keys: Iterable[str] = (),
) -> int:
    """Rebuild the per-year counts of these concepts and methods from their edges, a few
    thousand keys per transaction; return how many nodes were counted."""
    concepts, methods = sorted(set(concept_keys)), sorted(set(method_keys))
    counted = 0
    for start in range(0, max(len(concepts), len(methods)), _BATCH):
        chunk = (concepts[start : start + _BATCH], methods[start : start + _BATCH])
        async with driver.session(database=database) as session:
            counted += await session.execute_write(_count, *chunk)
    return counted


async def refresh_pending_trend_counts(driver: AsyncDriver, *, database: str) -> int:
    """Count every concept and method that has no counts yet; return how many were counted."""
    counted = 0
    while True:
        records, _, _ = await driver.execute_query(
            query("pending_trend_counts"), limit=_BATCH, database_=database, routing_="r"
        )
        if not records:
            return counted
        concepts = [str(r["key"]) for r in records if r["kind"] == "concept"]
        methods = [str(r["key"]) for r in records if r["kind"] == "method"]
        counted += await refresh_trend_counts(
            driver, database=database, concept_keys=concepts, method_keys=methods
        )


@unit_of_work(timeout=_WRITE_TIMEOUT_SECONDS)
async def _count(tx: AsyncManagedTransaction, concepts: list[str], methods: list[str]) -> int:
    return await count_in_transaction(tx, concept_keys=concepts, method_keys=methods)
