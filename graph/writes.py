"""The write side of the query layer: batched, idempotent upserts in managed transactions.

A batch of papers is written in ONE transaction (``execute_write``, which the driver retries on
transient errors), so a paper is written whole or not at all. Every statement is an ``UNWIND``
over the batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from neo4j import AsyncDriver, AsyncManagedTransaction, unit_of_work

from graph.cypher import query
from graph.hierarchy import refresh_hierarchy
from graph.models import Stats, stats_from_row

__all__ = [
    "MentionRow",
    "MethodRow",
    "PaperRow",
    "WriteResult",
    "clear_graph",
    "delete_paper",
    "graph_counts",
    "known_acronyms",
    "refresh_related",
    "stored_fingerprints",
    "upsert_papers",
]

#: Server-side bound on one write transaction (a batch of a few hundred papers takes ~1 s);
#: a stuck write fails with a clear error instead of holding locks for ever.
WRITE_TIMEOUT_SECONDS = 300.0

_FINGERPRINTS = query("paper_fingerprints")
_UPSERT = query("upsert_papers")
_CLEAR_EDGES = query("clear_extracted_edges")
_MENTIONS = query("merge_mentions")
_METHODS = query("merge_methods")
_STAMP = query("stamp_edge_counts")
_REFRESH = query("refresh_method_concepts")
_MARK_STALE = query("mark_methods_stale")
_STALE = query("stale_methods")
_ORPHANS = query("delete_orphans")
_ACRONYMS = query("known_acronyms")
_DELETE_PAPER = query("delete_paper")
_COUNTS = query("graph_counts")
_CLEAR_GRAPH = query("clear_graph")


@dataclass(frozen=True)
class MentionRow:
    """A paper's mention of a concept."""

    key: str
    name: str
    aliases: tuple[str, ...]
    score: float
    rank: int
    source: str


@dataclass(frozen=True)
class MethodRow:
    """A method a paper proposes (``kind="PROPOSES"``) or uses (``kind="USES"``)."""

    key: str
    name: str
    aliases: tuple[str, ...]
    score: float
    kind: str


@dataclass(frozen=True)
class PaperRow:
    """Everything written for one paper: its properties and its extracted edges."""

    id: str
    source_id: bool
    match_key: str
    content_hash: str
    abstract: str
    label: str
    source: str
    extractor: str
    title: str | None = None
    year: int | None = None
    venue: str | None = None
    authors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    status: str | None = None
    embedding: tuple[float, ...] | None = None
    alt_ids: tuple[str, ...] = ()
    acronyms: tuple[tuple[str, str], ...] = ()  # (acronym, concept key) defined by this paper
    mentions: tuple[MentionRow, ...] = ()
    methods: tuple[MethodRow, ...] = ()


@dataclass(frozen=True)
class WriteResult:
    """What one batch wrote."""

    papers: int
    mentions: int
    methods: int
    ids: dict[str, str] = field(default_factory=dict)  # matchKey -> stored id


async def stored_fingerprints(
    driver: AsyncDriver, *, database: str, papers: Sequence[tuple[str, str]]
) -> dict[str, str]:
    """``{matchKey: contentHash}`` for the ``(id, matchKey)`` pairs already stored."""
    rows = [{"id": paper_id, "matchKey": key} for paper_id, key in papers]
    records, _, _ = await driver.execute_query(
        _FINGERPRINTS, papers=rows, database_=database, routing_="r"
    )
    return {r["matchKey"]: r["contentHash"] for r in records if r["contentHash"] is not None}


async def upsert_papers(
    driver: AsyncDriver, *, database: str, papers: Sequence[PaperRow], refresh: bool = True
) -> WriteResult:
    """Write a batch of papers with their concepts and methods in one transaction.

    With ``refresh=False`` the methods' RELATED_TO edges are only flagged stale: a bulk load
    passes it for every batch and calls :func:`refresh_related` once at the end.
    """
    if not papers:
        return WriteResult(papers=0, mentions=0, methods=0)
    async with driver.session(database=database) as session:
        result = await session.execute_write(_write_batch, list(papers))
    if refresh:
        await refresh_related(driver, database=database)
    return result


@unit_of_work(timeout=WRITE_TIMEOUT_SECONDS)
async def _write_batch(tx: AsyncManagedTransaction, papers: list[PaperRow]) -> WriteResult:
    keys = [p.match_key for p in papers]
    ids = await _rows(tx, _UPSERT, papers=[_paper_props(p) for p in papers])
    cleared = await _single(tx, _CLEAR_EDGES, matchKeys=keys)
    mention_rows = [_edge(p, asdict(m)) for p in papers for m in p.mentions]
    method_rows = [_edge(p, asdict(m)) for p in papers for m in p.methods]
    mentions = await _single(tx, _MENTIONS, rows=mention_rows)
    methods = await _single(tx, _METHODS, rows=method_rows)
    await _single(tx, _STAMP, matchKeys=keys)
    await _single(tx, _MARK_STALE, methodKeys=cleared.get("methodKeys", []))
    await _single(
        tx,
        _ORPHANS,
        conceptKeys=cleared.get("conceptKeys", []),
        methodKeys=cleared.get("methodKeys", []),
    )
    return WriteResult(
        papers=len(papers),
        mentions=int(mentions.get("count", 0)),
        methods=int(methods.get("count", 0)),
        ids={r["matchKey"]: r["id"] for r in ids},
    )


def _paper_props(paper: PaperRow) -> dict[str, Any]:
    return {
        "id": paper.id,
        "altIds": list(dict.fromkeys((paper.id, *paper.alt_ids))),
        "sourceId": paper.source_id,
        "matchKey": paper.match_key,
        "contentHash": paper.content_hash,
        "title": paper.title,
        "label": paper.label,
        "abstract": paper.abstract,
        "year": paper.year,
        "venue": paper.venue,
        "authors": list(paper.authors),
        "keywords": list(paper.keywords),
        "status": paper.status,
        "source": paper.source,
        "extractor": paper.extractor,
        "embedding": list(paper.embedding) if paper.embedding else None,
        "acronyms": [f"{acronym}={key}" for acronym, key in paper.acronyms],
    }


def _edge(paper: PaperRow, row: dict[str, Any]) -> dict[str, Any]:
    row["aliases"] = list(row["aliases"])
    return {**row, "matchKey": paper.match_key, "extractor": paper.extractor}


async def _rows(tx: AsyncManagedTransaction, statement: Any, **params: Any) -> list[dict[str, Any]]:
    result = await tx.run(statement, **params)
    return [record.data() async for record in result]


async def _single(tx: AsyncManagedTransaction, statement: Any, **params: Any) -> dict[str, Any]:
    rows = await _rows(tx, statement, **params)
    return rows[0] if rows else {}


async def known_acronyms(driver: AsyncDriver, *, database: str) -> list[tuple[str, str]]:
    """``(acronym, concept key)`` for every acronym definition stored papers made, in a fixed
    order (so a resumed load learns them exactly as before)."""
    records, _, _ = await driver.execute_query(_ACRONYMS, database_=database, routing_="r")
    pairs = (str(r["definition"]).split("=", 1) for r in records)
    return [(acronym, key) for acronym, key in pairs]


async def delete_paper(driver: AsyncDriver, *, database: str, paper_id: str) -> str | None:
    """Delete a paper (by any of its ids) and the concepts/methods only it linked to."""

    @unit_of_work(timeout=WRITE_TIMEOUT_SECONDS)
    async def work(tx: AsyncManagedTransaction) -> str | None:
        deleted = await _single(tx, _DELETE_PAPER, id=paper_id)
        if not deleted:
            return None
        await _single(tx, _MARK_STALE, methodKeys=deleted["methodKeys"])
        await _single(
            tx, _ORPHANS, conceptKeys=deleted["conceptKeys"], methodKeys=deleted["methodKeys"]
        )
        return str(deleted["id"])

    async with driver.session(database=database) as session:
        deleted_id = await session.execute_write(work)
    await refresh_related(driver, database=database)
    if deleted_id is not None:  # re-place the concepts under the deleted ones
        await refresh_hierarchy(driver, database=database)
    return deleted_id


async def refresh_related(driver: AsyncDriver, *, database: str, batch: int = 500) -> int:
    """Recompute RELATED_TO for every method flagged stale; return how many were refreshed.

    Loads flag the methods they touch and call this once at the end, which is far cheaper than
    recomputing per batch; a load that was killed leaves its flags for the next call.
    """
    refreshed = 0
    while True:
        records, _, _ = await driver.execute_query(_STALE, limit=batch, database_=database)
        keys = [r["key"] for r in records]
        if not keys:
            return refreshed
        async with driver.session(database=database) as session:
            await session.execute_write(_refresh_batch, keys)
        refreshed += len(keys)


@unit_of_work(timeout=WRITE_TIMEOUT_SECONDS)
async def _refresh_batch(tx: AsyncManagedTransaction, keys: list[str]) -> None:
    await _single(tx, _REFRESH, methodKeys=keys)


async def graph_counts(driver: AsyncDriver, *, database: str) -> Stats:
    """Counts of every label and relationship type papergraph writes (the API's ``stats``)."""
    records, _, _ = await driver.execute_query(_COUNTS, database_=database, routing_="r")
    return stats_from_row(records[0].data())


async def clear_graph(driver: AsyncDriver, *, database: str) -> None:
    """Delete every Paper, Concept and Method (used by tests and benchmarks)."""
    async with driver.session(database=database) as session:
        await (await session.run(_CLEAR_GRAPH)).consume()
