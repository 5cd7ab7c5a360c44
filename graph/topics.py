"""Topics: communities of the concept co-occurrence graph (Louvain, igraph), written as
``(:Concept)-[:IN_TOPIC]->(:Topic)``, and each paper linked to the topics of its concepts as
``(:Paper)-[:HAS_TOPIC {weight}]->(:Topic)`` (weight: its summed mention score of the topic's
concepts), so a topic's papers and a paper's topics are read off edges; loads relink the papers
they write (``cypher/refresh_paper_topics.cypher``).

Concepts in at least :data:`MIN_PAPERS` papers (and in at most :data:`MAX_SHARE` of all papers)
are linked by the papers they share. The pairs are counted as integer codes with numpy and split
by igraph's multilevel (Louvain) algorithm, because a graph of 100k papers has millions of pairs:
as Python tuples in a networkx graph they took gigabytes and minutes. The concepts are numbered
in sorted order and igraph draws from a generator seeded with :data:`SEED`, so the same graph
always gives the same topics. A community of fewer than :data:`MIN_CONCEPTS` concepts is no
topic. Each topic is named by its three most central concepts (weighted degree inside it) and
takes its id from the most central one, so a topic keeps its id across recomputations while its
centre stays.
"""

from __future__ import annotations

import asyncio
import random
import threading
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from neo4j import AsyncDriver, AsyncManagedTransaction, Record, unit_of_work
from neo4j.exceptions import ConstraintError

from graph.cypher import query, run_batched
from graph.trend_counts import count_topics_in_transaction, move_topics_in_transaction
from papergraph.errors import GraphUnavailableError

if TYPE_CHECKING:
    import igraph

__all__ = [
    "MAX_SHARE",
    "MIN_CONCEPTS",
    "MIN_PAPERS",
    "REFRESH_GROWTH",
    "SEED",
    "Cooccurrence",
    "TopicPlan",
    "communities",
    "cooccurrence",
    "paper_concepts",
    "recompute_uncounted_topics",
    "refresh_topics",
    "relink_papers",
    "topics_due",
]

MIN_PAPERS = 2
MAX_SHARE = 0.3  # a concept in nearly a third of all papers is background, not a theme
MIN_CONCEPTS = 3
SEED = 17
_NAMED_BY = 3
_WRITE_TIMEOUT_SECONDS = 300.0
#: The topic lock (see refresh_topics): how long a writer waits for it, how often it looks,
#: and after how long a lock whose holder died is taken over (longer than any recomputation).
_LOCK_WAIT_SECONDS = 600.0
_LOCK_POLL_SECONDS = 0.5
_LOCK_STALE_MS = 3_600_000
#: The batched statements (all the papers' links) last longer on a big graph than one write.
_BATCHED_TIMEOUT_SECONDS = 3600.0
#: A load recomputes the topics once the graph has grown by this share since they were
#: computed: recomputing reads the whole graph, so doing it on every small load (one
#: ``ingestPapers`` call) would make a graph built paper by paper quadratic.
REFRESH_GROWTH = 0.05

_Ints = npt.NDArray[np.int64]
_SEEDED = threading.Lock()


@dataclass(frozen=True)
class TopicPlan:
    """One topic to write: its id, name, rank (1 = most concepts) and members by centrality."""

    id: str
    name: str
    rank: int
    members: tuple[tuple[str, float], ...]  # (concept key, centrality 0..1), most central first


@dataclass(frozen=True)
class Cooccurrence:
    """The weighted concept graph: ``keys`` in sorted order, and for each pair of concepts some
    paper mentions together their positions in ``keys`` (``a < b``, sorted) and how many papers
    mention both."""

    keys: list[str]
    a: _Ints
    b: _Ints
    weight: _Ints

    def network(self) -> igraph.Graph:
        """The graph in igraph, pair weights as the edge attribute ``weight``."""
        import igraph  # here: it imports matplotlib and pandas, seconds no other command needs

        # a generator of plain ints: igraph copies either into its own edge vector, but a numpy
        # array or a list of tuples of millions of pairs costs as much again in Python objects
        edges = zip(self.a.tolist(), self.b.tolist(), strict=True)
        network = igraph.Graph(n=len(self.keys), edges=edges, directed=False)
        network.es["weight"] = self.weight.tolist()
        return network

    def pairs(self) -> list[tuple[str, str, int]]:
        """``(a, b, papers mentioning both)`` for every pair, by key."""
        return [
            (self.keys[a], self.keys[b], int(w))
            for a, b, w in zip(self.a.tolist(), self.b.tolist(), self.weight.tolist(), strict=True)
        ]


def cooccurrence(papers: Sequence[Sequence[str]]) -> Cooccurrence:
    """The co-occurrence graph of the concepts each of ``papers`` mentions."""
    keys = sorted({k for paper in papers for k in paper})
    position = {k: i for i, k in enumerate(keys)}
    size = max(len(keys), 1)
    codes = [_pair_codes([position[k] for k in paper], size) for paper in papers]
    unique, counts = np.unique(np.concatenate([*codes, np.empty(0, np.int64)]), return_counts=True)
    return Cooccurrence(keys, unique // size, unique % size, counts.astype(np.int64))


def _pair_codes(positions: list[int], size: int) -> _Ints:
    """``a * size + b`` for each pair ``a < b`` of the distinct ``positions``."""
    ids = np.unique(np.asarray(positions, dtype=np.int64))
    first, second = np.triu_indices(len(ids), 1)
    return ids[first] * size + ids[second]


def communities(graph: Cooccurrence, names: dict[str, str] | None = None) -> list[TopicPlan]:
    """The topics of ``graph``: Louvain communities of :data:`MIN_CONCEPTS` concepts or more,
    largest first; ``names`` maps keys to display names (default: the keys)."""
    membership = np.asarray(_louvain(graph), dtype=np.int64)
    found: dict[int, list[str]] = {}
    for key, community in zip(graph.keys, membership.tolist(), strict=True):
        found.setdefault(community, []).append(key)
    kept = sorted(
        (members for members in found.values() if len(members) >= MIN_CONCEPTS),
        key=lambda c: (-len(c), c[0]),
    )
    degree = dict(zip(graph.keys, _inside_degree(graph, membership).tolist(), strict=True))
    return [_plan(members, degree, rank, names or {}) for rank, members in enumerate(kept, 1)]


def _inside_degree(graph: Cooccurrence, membership: _Ints) -> npt.NDArray[np.float64]:
    """Each concept's weighted degree counting only the pairs inside its own community."""
    same = membership[graph.a] == membership[graph.b]
    weight = graph.weight[same]
    size = len(graph.keys)
    inside = np.bincount(graph.a[same], weights=weight, minlength=size)
    return (inside + np.bincount(graph.b[same], weights=weight, minlength=size)).astype(np.float64)


def _louvain(graph: Cooccurrence) -> list[int]:
    """Each concept's community by igraph's multilevel algorithm, drawing from a generator
    seeded for this call. igraph's generator is process-wide: it is put back after, and one
    call at a time sets it, so two recomputations in two threads draw from their own."""
    import igraph

    network = graph.network()
    with _SEEDED:
        igraph.set_random_number_generator(random.Random(SEED))
        try:
            found = network.community_multilevel(weights="weight")
        finally:
            igraph.set_random_number_generator(random)
    return list(found.membership)


def _plan(
    members: list[str], degree: dict[str, float], rank: int, names: dict[str, str]
) -> TopicPlan:
    ordered = sorted(members, key=lambda k: (-degree[k], k))
    top = degree[ordered[0]] or 1.0
    name = " · ".join(names.get(k, k) for k in ordered[:_NAMED_BY])
    members_by = tuple((k, degree[k] / top) for k in ordered)
    return TopicPlan(id=f"topic:{ordered[0]}", name=name, rank=rank, members=members_by)


async def topics_due(driver: AsyncDriver, *, database: str, papers: int) -> bool:
    """Whether a load that leaves ``papers`` papers should recompute the topics: there are
    none yet (or no paper is linked to them), or the graph has grown by
    :data:`REFRESH_GROWTH` since they were computed."""
    records, _, _ = await driver.execute_query(
        query("topic_staleness"), database_=database, routing_="r"
    )
    row = records[0]
    topics, computed_at = int(row["topics"]), int(row["computedAt"])
    if topics == 0 or not row["linked"]:
        return True
    return papers - computed_at >= REFRESH_GROWTH * max(papers, 1)


async def recompute_uncounted_topics(driver: AsyncDriver, *, database: str) -> None:
    """Recompute the topics of a graph whose topic links were written before their papers per
    year were counted (a migration of :mod:`graph.schema`: run once, before its index)."""
    records, _, _ = await driver.execute_query(
        query("topics_uncounted"), database_=database, routing_="r"
    )
    if records[0]["uncounted"]:
        await refresh_topics(driver, database=database)


async def refresh_topics(driver: AsyncDriver, *, database: str) -> int:
    """Recompute every topic from the graph as it is and replace the stored ones; return how
    many topics there are now. Linear in the co-occurrence pairs, once per load (not per batch).

    One writer at a time (a CLI load and an ``ingestPapers`` may finish together): the steps
    run in several transactions, and two writers interleaving them would collide on the topic
    ids or link papers twice. A second writer waits for the first, then recomputes."""
    async with _topic_lock(driver, database):
        return await _refresh_topics(driver, database)


@asynccontextmanager
async def _topic_lock(driver: AsyncDriver, database: str) -> AsyncIterator[None]:
    holder = uuid.uuid4().hex
    waited = 0.0
    while True:
        try:
            await driver.execute_query(
                query("claim_topic_lock"), holder=holder, staleMs=_LOCK_STALE_MS, database_=database
            )
            break
        except ConstraintError:
            if waited >= _LOCK_WAIT_SECONDS:
                raise GraphUnavailableError(
                    f"Another writer has been recomputing the topics for over {waited:g} s; "
                    "retry when its load is done."
                ) from None
            await asyncio.sleep(_LOCK_POLL_SECONDS)
            waited += _LOCK_POLL_SECONDS
    try:
        yield
    finally:
        await driver.execute_query(query("release_topic_lock"), holder=holder, database_=database)


async def _refresh_topics(driver: AsyncDriver, database: str) -> int:
    records = await paper_concepts(driver, database=database)
    # seconds of CPU on a big graph: in a thread, so an API that ingests keeps answering
    plans = await asyncio.to_thread(_plans, records)
    # the papers' links are many (a few a paper), so they are removed and written in batches of
    # their own around the transaction that replaces the topics: meanwhile a topic lists no
    # papers, for the seconds a recomputation takes
    await run_batched(
        driver, "unlink_paper_topics", database=database, server_timeout=_BATCHED_TIMEOUT_SECONDS
    )
    async with driver.session(database=database) as session:
        await session.execute_write(_replace, plans)
    await run_batched(
        driver, "write_paper_topics", database=database, server_timeout=_BATCHED_TIMEOUT_SECONDS
    )
    async with driver.session(database=database) as session:
        await session.execute_write(_count, [p.id for p in plans])
    return len(plans)


async def paper_concepts(driver: AsyncDriver, *, database: str) -> list[Record]:
    """Each paper's concepts that take part in topics (``keys`` and ``names``), one row a
    paper with two or more (``cypher/topic_paper_concepts.cypher``)."""
    records, _, _ = await driver.execute_query(
        query("topic_paper_concepts"),
        minPapers=MIN_PAPERS,
        maxShare=MAX_SHARE,
        database_=database,
        routing_="r",
    )
    return records


def _plans(records: Sequence[Record]) -> list[TopicPlan]:
    """The topics of the papers' concept lists (``keys`` and ``names``, one row a paper)."""
    papers = [list(r["keys"]) for r in records]
    names = {k: n for r in records for k, n in zip(r["keys"], r["names"], strict=True)}
    return communities(cooccurrence(papers), names)


@unit_of_work(timeout=_WRITE_TIMEOUT_SECONDS)
async def _replace(tx: AsyncManagedTransaction, plans: list[TopicPlan]) -> None:
    await (await tx.run(query("delete_topics"))).consume()
    rows = [
        {
            "id": p.id,
            "name": p.name,
            "rank": p.rank,
            "members": [{"key": k, "centrality": c} for k, c in p.members],
        }
        for p in plans
    ]
    await (await tx.run(query("write_topics"), topics=rows)).consume()


@unit_of_work(timeout=_WRITE_TIMEOUT_SECONDS)
async def _count(tx: AsyncManagedTransaction, ids: list[str]) -> None:
    await count_topics_in_transaction(tx, ids=ids)


async def relink_papers(driver: AsyncDriver, *, database: str, match_keys: Sequence[str]) -> int:
    """Relink these papers (by match key) to the topics of the concepts they mention now, as
    every batch write does for its papers; for a pass that changes papers' MENTIONS after they
    were written. Returns how many papers were relinked."""
    async with driver.session(database=database) as session:
        return await session.execute_write(_relink, list(match_keys))


@unit_of_work(timeout=_WRITE_TIMEOUT_SECONDS)
async def _relink(tx: AsyncManagedTransaction, match_keys: list[str]) -> int:
    result = await tx.run(query("refresh_paper_topics"), matchKeys=match_keys)
    record = await result.single()
    if not record:
        return 0
    await move_topics_in_transaction(tx, moves=record["moves"])
    return int(record["papers"])
