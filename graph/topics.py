"""Topics: communities of the concept co-occurrence graph (Louvain, igraph), written as
``(:Concept)-[:IN_TOPIC]->(:Topic)``, and each paper linked to the topics of its concepts as
``(:Paper)-[:HAS_TOPIC {weight}]->(:Topic)`` (weight: its summed mention score of the topic's
concepts), so a topic's papers and a paper's topics are read off edges; loads relink the papers
they write (``cypher/refresh_paper_topics.cypher``).

Concepts in at least :data:`MIN_PAPERS` papers (and in at most :data:`MAX_SHARE` of all papers),
other than generic ones (a lone generic word, the field's own name: :func:`generic`), are linked
by the papers they share, each pair weighed by how near the two concepts' contexts are (the mean
stored embedding of each one's papers, :class:`Contexts`): a concept that one paper on drug
design borrows from optimisation is not pulled into drug design by that paper alone. The pairs
are counted as integer codes with numpy and split by igraph's multilevel (Louvain) algorithm,
because a graph of 100k papers has millions of pairs: as Python tuples in a networkx graph they
took gigabytes and minutes. The concepts are numbered in sorted order and igraph draws from a
generator seeded with :data:`SEED`, so the same graph always gives the same topics. A community
of fewer than :data:`MIN_CONCEPTS` concepts is no topic. Louvain runs at :data:`RESOLUTION`, so
a topic is a theme rather than an area. A topic's concepts are ranked by their weighted degree
inside it times their specificity (``log(papers / papers mentioning it)``): it is named by its
three most specific shared concepts and takes its id from the first, so a topic keeps its id
across recomputations while its centre stays. Coherence (mean NPMI of each topic's top five,
:func:`mean_coherence`) is measured by ``bench/structure.py``.
"""

from __future__ import annotations

import asyncio
import math
import random
import threading
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

import numpy as np
import numpy.typing as npt
from neo4j import AsyncDriver, AsyncManagedTransaction, AsyncResult, Record, unit_of_work
from neo4j.exceptions import ConstraintError

from graph._broader import GENERIC_WORDS
from graph._coherence import mean_coherence, npmi, topic_coherence
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
    "RESOLUTION",
    "SEED",
    "THEMES_FROM",
    "UMBRELLAS",
    "Contexts",
    "Cooccurrence",
    "TopicPlan",
    "TopicRows",
    "communities",
    "cooccurrence",
    "generic",
    "mean_coherence",
    "npmi",
    "paper_concepts",
    "recompute_uncounted_topics",
    "refresh_topics",
    "relink_papers",
    "themes",
    "topic_coherence",
    "topics_due",
]

MIN_PAPERS = 2
MAX_SHARE = 0.3  # a concept in nearly a third of all papers is background, not a theme
#: Louvain's modularity resolution: above 1 it splits a field into its themes (reinforcement
#: learning into offline RL, multi-agent RL …) rather than a handful of areas.
RESOLUTION = 2.0
#: Concepts a co-occurrence network needs before Louvain splits it at :data:`RESOLUTION`.
THEMES_FROM = 200
#: Concepts that name the whole field, never one theme of it (with the lone generic words).
UMBRELLAS = frozenset(
    {"machine learning", "deep learning", "neural network", "deep neural network",
     "artificial intelligence", "artificial neural network"}
)  # fmt: skip
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

#: Pairs whose contexts are compared at once (each block holds two vectors a pair).
_BLOCK = 16_384
_Ints = npt.NDArray[np.int64]
_Floats = npt.NDArray[np.float64]
_SEEDED = threading.Lock()
_Read = TypeVar("_Read")


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

    def network(self, weights: _Floats | None = None) -> igraph.Graph:
        """The graph in igraph, ``weights`` (default: the pair counts) as the edge attribute
        ``weight``."""
        import igraph  # here: it imports matplotlib and pandas, seconds no other command needs

        # a generator of plain ints: igraph copies either into its own edge vector, but a numpy
        # array or a list of tuples of millions of pairs costs as much again in Python objects
        edges = zip(self.a.tolist(), self.b.tolist(), strict=True)
        network = igraph.Graph(n=len(self.keys), edges=edges, directed=False)
        network.es["weight"] = (self.weight if weights is None else weights).tolist()
        return network

    def pairs(self) -> list[tuple[str, str, int]]:
        """``(a, b, papers mentioning both)`` for every pair, by key."""
        return [
            (self.keys[a], self.keys[b], int(w))
            for a, b, w in zip(self.a.tolist(), self.b.tolist(), self.weight.tolist(), strict=True)
        ]


class Contexts:
    """Where each concept is used: the sum of the unit embeddings of the papers mentioning it
    (the papers' stored MiniLM vectors). Two concepts a paper happens to share, one from
    papers on drug design and one from papers on optimisation, have contexts far apart;
    two concepts of one theme have near ones."""

    def __init__(self) -> None:
        self._sums: dict[str, npt.NDArray[np.float32]] = {}
        self._width = 0

    def add(self, keys: Sequence[str], vector: Sequence[float] | None) -> None:
        """Count a paper mentioning ``keys`` whose embedding is ``vector`` (``None``: none; one
        of another size than the first, written by an earlier model: left out)."""
        if vector is None or not len(vector) or len(vector) != (self._width or len(vector)):
            return
        self._width = len(vector)
        unit = np.asarray(vector, dtype=np.float32)
        unit /= np.linalg.norm(unit) or 1.0
        for key in keys:
            if key in self._sums:
                self._sums[key] += unit
            else:
                self._sums[key] = unit.copy()

    def similarity(self, graph: Cooccurrence) -> _Floats:
        """The cosine of each pair's two contexts, at least 0; 1 where a concept has none
        (no paper of it has an embedding), so such a pair counts by its papers alone."""
        unit = np.zeros((len(graph.keys), self._width), dtype=np.float32)
        known = np.zeros(len(graph.keys), dtype=bool)
        for i, key in enumerate(graph.keys):
            total = self._sums.get(key)
            norm = float(np.linalg.norm(total)) if total is not None else 0.0
            if total is not None and norm:
                unit[i], known[i] = total / norm, True
        cosine = np.concatenate(
            [  # by blocks: every pair's two vectors at once would take gigabytes
                np.einsum("ij,ij->i", unit[graph.a[i : i + _BLOCK]], unit[graph.b[i : i + _BLOCK]])
                for i in range(0, len(graph.a), _BLOCK)
            ]
            or [np.empty(0, np.float32)]
        ).astype(np.float64)
        paired = known[graph.a] & known[graph.b]
        return np.where(paired, np.clip(cosine, 0.0, None), 1.0)


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


def themes(
    papers: Sequence[Sequence[str]],
    names: dict[str, str] | None = None,
    contexts: Contexts | None = None,
    *,
    seed: int = SEED,
) -> list[TopicPlan]:
    """The topics of ``papers`` (each the concepts it mentions) as :func:`refresh_topics`
    computes them: generic concepts left out (:func:`generic`), each pair weighted by the
    papers sharing it times how near the two concepts' ``contexts`` are, split at
    :data:`RESOLUTION` once there are :data:`THEMES_FROM` concepts, and each topic's concepts
    ranked, and the topic named, by how central *and* how specific (rare in the whole graph)
    they are. ``seed`` seeds Louvain (the load's is :data:`SEED`)."""
    papers = [[k for k in dict.fromkeys(p) if not generic(k)] for p in papers]
    papers = [p for p in papers if len(p) > 1]
    frequency = Counter(k for p in papers for k in p)
    specific = {k: math.log(len(papers) / n) for k, n in frequency.items()}
    network = cooccurrence(papers)
    # a network of a few papers' concepts is one area's worth: split finer, its cliques break apart
    resolution = RESOLUTION if len(network.keys) >= THEMES_FROM else 1.0
    similarity = contexts.similarity(network) if contexts is not None else None
    return communities(
        network,
        names,
        specificity=specific,
        resolution=resolution,
        similarity=similarity,
        seed=seed,
    )


def generic(key: str) -> bool:
    """Whether a concept is too general to shape a theme: a lone generic word (``model``,
    ``data``, ``learning``; the list of :mod:`graph._broader`) or the name of the whole field
    (:data:`UMBRELLAS`)."""
    return key in GENERIC_WORDS or key in UMBRELLAS


def communities(
    graph: Cooccurrence,
    names: dict[str, str] | None = None,
    *,
    specificity: dict[str, float] | None = None,
    resolution: float = 1.0,
    similarity: _Floats | None = None,
    seed: int = SEED,
) -> list[TopicPlan]:
    """The topics of ``graph``: Louvain communities (drawing from ``seed``) of
    :data:`MIN_CONCEPTS` concepts or more, largest first; ``names`` maps keys to display names
    (default: the keys). Each pair weighs its papers times its ``similarity`` (0..1, one per
    pair) where given. Members are ranked by weighted degree inside their community, times
    their ``specificity`` where given."""
    weights = graph.weight.astype(np.float64) * (1.0 if similarity is None else similarity)
    membership = np.asarray(_louvain(graph, weights, resolution, seed), dtype=np.int64)
    found: dict[int, list[str]] = {}
    for key, community in zip(graph.keys, membership.tolist(), strict=True):
        found.setdefault(community, []).append(key)
    kept = sorted(
        (members for members in found.values() if len(members) >= MIN_CONCEPTS),
        key=lambda c: (-len(c), c[0]),
    )
    inside = _inside_degree(graph, weights, membership).tolist()
    weight = specificity or {}
    degree = {k: d * weight.get(k, 1.0) for k, d in zip(graph.keys, inside, strict=True)}
    return [_plan(members, degree, rank, names or {}) for rank, members in enumerate(kept, 1)]


def _inside_degree(graph: Cooccurrence, weights: _Floats, membership: _Ints) -> _Floats:
    """Each concept's weighted degree counting only the pairs inside its own community."""
    same = membership[graph.a] == membership[graph.b]
    weight = weights[same]
    size = len(graph.keys)
    inside = np.bincount(graph.a[same], weights=weight, minlength=size)
    return (inside + np.bincount(graph.b[same], weights=weight, minlength=size)).astype(np.float64)


def _louvain(graph: Cooccurrence, weights: _Floats, resolution: float, seed: int) -> list[int]:
    """Each concept's community by igraph's multilevel algorithm, drawing from a generator
    seeded with ``seed`` for this call. igraph's generator is process-wide: it is put back
    after, and one call at a time sets it, so two recomputations in two threads draw from
    their own."""
    import igraph

    network = graph.network(weights)
    with _SEEDED:
        igraph.set_random_number_generator(random.Random(seed))
        try:
            found = network.community_multilevel(weights="weight", resolution=resolution)
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
    rows = await _topic_rows(driver, database)
    # seconds of CPU on a big graph: in a thread, so an API that ingests keeps answering
    plans = await asyncio.to_thread(rows.themes)
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


async def paper_concepts(
    driver: AsyncDriver, *, database: str, max_share: float = MAX_SHARE, embeddings: bool = False
) -> list[Record]:
    """Each paper's concepts that take part in topics (``keys`` and ``names``) and, where
    ``embeddings``, its ``embedding``, one row a paper with two or more
    (``cypher/topic_paper_concepts.cypher``): those in at least :data:`MIN_PAPERS` papers and at
    most ``max_share`` of them."""

    async def listed(result: AsyncResult) -> list[Record]:
        return [record async for record in result]

    return await _topic_query(driver, database, listed, max_share=max_share, embeddings=embeddings)


async def _topic_query(
    driver: AsyncDriver,
    database: str,
    transform: Callable[[AsyncResult], Awaitable[_Read]],
    *,
    max_share: float,
    embeddings: bool,
) -> _Read:
    """``cypher/topic_paper_concepts.cypher``'s rows, as ``transform`` reads them."""
    return await driver.execute_query(
        query("topic_paper_concepts"),
        minPapers=MIN_PAPERS,
        maxShare=max_share,
        embeddings=embeddings,
        database_=database,
        routing_="r",
        result_transformer_=transform,
    )


@dataclass
class TopicRows:
    """What topics are computed from: each paper's concepts, their display names and their
    contexts, gathered row by row (``cypher/topic_paper_concepts.cypher``), so no paper's
    vector is kept once its concepts have counted it."""

    papers: list[list[str]] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    contexts: Contexts = field(default_factory=Contexts)

    def add(self, record: Record) -> None:
        keys = list(record["keys"])
        self.papers.append(keys)
        self.names.update(zip(keys, record["names"], strict=True))
        self.contexts.add(keys, record["embedding"])

    def themes(self, *, seed: int = SEED) -> list[TopicPlan]:
        return themes(self.papers, self.names, self.contexts, seed=seed)


async def _topic_rows(driver: AsyncDriver, database: str) -> TopicRows:
    async def gather(result: AsyncResult) -> TopicRows:
        rows = TopicRows()
        async for record in result:
            rows.add(record)
        return rows

    return await _topic_query(driver, database, gather, max_share=MAX_SHARE, embeddings=True)


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
