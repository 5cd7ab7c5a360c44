"""Topics: communities of the concept co-occurrence graph (Louvain, networkx), written as
``(:Concept)-[:IN_TOPIC]->(:Topic)``, and each paper linked to the topics of its concepts as
``(:Paper)-[:HAS_TOPIC {weight}]->(:Topic)`` (weight: its summed mention score of the topic's
concepts), so a topic's papers and a paper's topics are read off edges; loads relink the papers
they write (``cypher/refresh_paper_topics.cypher``).

Concepts in at least :data:`MIN_PAPERS` papers (and in at most :data:`MAX_SHARE` of all papers)
are linked by the papers they share; networkx's ``louvain_communities`` with a fixed seed splits
that graph, which is built in sorted order, so the same graph always gives the same topics. A
community of fewer than :data:`MIN_CONCEPTS` concepts is no topic. Each topic is named by its
three most central concepts (weighted degree inside it) and takes its id from the most central
one, so a topic keeps its id across recomputations while its centre stays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

import networkx as nx
from neo4j import AsyncDriver, AsyncManagedTransaction, unit_of_work

from graph.cypher import query, run_batched
from graph.trend_counts import count_topics_in_transaction, move_topics_in_transaction

__all__ = [
    "MAX_SHARE",
    "MIN_CONCEPTS",
    "MIN_PAPERS",
    "REFRESH_GROWTH",
    "SEED",
    "TopicPlan",
    "communities",
    "cooccurrence_graph",
    "pair_counts",
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
#: The batched statements (all the papers' links) last longer on a big graph than one write.
_BATCHED_TIMEOUT_SECONDS = 3600.0
#: A load recomputes the topics once the graph has grown by this share since they were
#: computed: recomputing reads the whole graph, so doing it on every small load (one
#: ``ingestPapers`` call) would make a graph built paper by paper quadratic.
REFRESH_GROWTH = 0.05


@dataclass(frozen=True)
class TopicPlan:
    """One topic to write: its id, name, rank (1 = most concepts) and members by centrality."""

    id: str
    name: str
    rank: int
    members: tuple[tuple[str, float], ...]  # (concept key, centrality 0..1), most central first


def pair_counts(papers: Iterable[Sequence[str]]) -> list[tuple[str, str, int]]:
    """``(a, b, papers mentioning both)`` for every pair of concepts some paper mentions together."""
    counts: Counter[tuple[str, str]] = Counter()
    for keys in papers:
        counts.update(combinations(sorted(set(keys)), 2))
    return [(a, b, n) for (a, b), n in counts.items()]


def cooccurrence_graph(edges: Iterable[tuple[str, str, int]]) -> nx.Graph:
    """The weighted concept graph, built in sorted order (Louvain's result depends on it)."""
    graph = nx.Graph()
    graph.add_weighted_edges_from(sorted(edges))
    return graph


def communities(graph: nx.Graph, names: dict[str, str] | None = None) -> list[TopicPlan]:
    """The topics of ``graph``: Louvain communities of :data:`MIN_CONCEPTS` concepts or more,
    largest first; ``names`` maps keys to display names (default: the keys)."""
    found = nx.community.louvain_communities(graph, weight="weight", seed=SEED)
    kept = sorted(
        (sorted(c) for c in found if len(c) >= MIN_CONCEPTS), key=lambda c: (-len(c), c[0])
    )
    return [_plan(graph, members, rank, names or {}) for rank, members in enumerate(kept, 1)]


def _plan(graph: nx.Graph, members: list[str], rank: int, names: dict[str, str]) -> TopicPlan:
    inside = graph.subgraph(members)
    degree = {k: float(d) for k, d in inside.degree(weight="weight")}
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
    many topics there are now. Linear in the co-occurrence pairs, once per load (not per batch)."""
    records, _, _ = await driver.execute_query(
        query("topic_paper_concepts"),
        minPapers=MIN_PAPERS,
        maxShare=MAX_SHARE,
        database_=database,
        routing_="r",
    )
    papers = [list(r["keys"]) for r in records]
    names = {k: n for r in records for k, n in zip(r["keys"], r["names"], strict=True)}
    plans = communities(cooccurrence_graph(pair_counts(papers)), names)
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
