"""Assemble networkx graphs from the paged records of ``graph._export_stream``.

The full graph is a ``MultiDiGraph`` mirroring Neo4j; the projections are simple undirected
graphs whose ``weight`` counts papers (of the exported scope) behind each edge.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import networkx as nx
from neo4j import Driver

from graph._export_stream import EdgeRecord, NodeRecord, Scope, stream_nodes, stream_papers

__all__ = ["BUILDERS", "Source"]

Pair = tuple[str, str]


@dataclass(frozen=True)
class Source:
    """Where and how to read: the driver, database, export scope and paging options."""

    driver: Driver
    database: str
    scope: Scope
    page_size: int
    embeddings: bool

    def papers(self) -> Iterator[tuple[NodeRecord, list[EdgeRecord]]]:
        return stream_papers(
            self.driver,
            database=self.database,
            scope=self.scope,
            page_size=self.page_size,
            embeddings=self.embeddings,
        )

    def nodes(
        self, label: str, keys: Iterable[str] | None
    ) -> Iterator[tuple[NodeRecord, list[EdgeRecord]]]:
        chosen = None if keys is None else list(keys)
        return stream_nodes(
            self.driver, database=self.database, label=label, keys=chosen, page_size=self.page_size
        )


def _key(node_id: str) -> str:
    return node_id.partition(":")[2]


def _add_node(graph: nx.Graph, node: NodeRecord, **extra: Any) -> None:
    graph.add_node(node.id, labels=list(node.labels), **node.props, **extra)


def _label(node_id: str) -> str:
    return node_id.partition(":")[0]


def _add_edge(graph: nx.MultiDiGraph, edge: EdgeRecord) -> None:
    graph.add_edge(edge.source, edge.target, relationshipType=edge.type, **edge.props)


def full_graph(source: Source) -> nx.MultiDiGraph:
    """Every node and relationship in scope, with every property, as Neo4j holds them.

    A citation of a paper outside the scope of a filtered export is left out with that paper;
    cited works not in the graph (``CitedWork``) and the papers' authors are in scope.
    """
    graph = nx.MultiDiGraph()
    linked: defaultdict[str, set[str]] = defaultdict(set)
    citations: list[EdgeRecord] = []  # to papers: kept once every paper in scope is known
    for paper, edges in source.papers():
        _add_node(graph, paper)
        for edge in edges:
            end = edge.source if edge.type == "WROTE" else edge.target
            if _label(end) == "Paper":
                citations.append(edge)
                continue
            _add_edge(graph, edge)
            linked[_label(end)].add(_key(end))
    for edge in citations:
        if edge.target in graph:
            _add_edge(graph, edge)
    everything = source.scope.everything
    for label in ("Concept", "Author", "CitedWork"):
        for node, _ in source.nodes(label, None if everything else linked[label]):
            _add_node(graph, node)
    lineage: list[EdgeRecord] = []  # VARIANT_OF: kept once every method in scope is known
    for method, related in source.nodes("Method", None if everything else linked["Method"]):
        _add_node(graph, method)
        for edge in related:
            if _label(edge.target) == "Method":
                lineage.append(edge)
            elif edge.target in graph:
                _add_edge(graph, edge)
    for edge in lineage:
        if edge.target in graph:
            _add_edge(graph, edge)
    return graph


def _targets(edges: list[EdgeRecord], *types: str) -> set[str]:
    return {edge.target for edge in edges if edge.type in types}


def _weighted(graph: nx.Graph, weights: Counter[Pair]) -> nx.Graph:
    graph.add_edges_from((a, b, {"weight": weight}) for (a, b), weight in weights.items())
    return graph


def papers_graph(source: Source) -> nx.Graph:
    """Papers, linked with ``weight`` = the number of concepts both mention."""
    graph = nx.Graph()
    mentioned_by: defaultdict[str, list[str]] = defaultdict(list)
    for paper, edges in source.papers():
        _add_node(graph, paper)
        for concept in _targets(edges, "MENTIONS"):
            mentioned_by[concept].append(paper.id)
    weights: Counter[Pair] = Counter()
    for papers in mentioned_by.values():
        weights.update(combinations(sorted(papers), 2))
    return _weighted(graph, weights)


def concepts_graph(source: Source) -> nx.Graph:
    """Concepts, linked with ``weight`` = the number of papers mentioning both; ``paperCount``."""
    counts: Counter[str] = Counter()
    weights: Counter[Pair] = Counter()
    for _, edges in source.papers():
        concepts = sorted(_targets(edges, "MENTIONS"))
        counts.update(concepts)
        weights.update(combinations(concepts, 2))
    graph = nx.Graph()
    for concept, _ in source.nodes("Concept", map(_key, counts)):
        _add_node(graph, concept, paperCount=counts[concept.id])
    return _weighted(graph, weights)


def methods_graph(source: Source) -> nx.Graph:
    """Methods and concepts, linked with ``weight`` = the number of papers that propose or use
    the method and mention the concept (Neo4j's ``RELATED_TO.weight`` for an unfiltered export)."""
    methods: set[str] = set()
    weights: Counter[Pair] = Counter()
    for _, edges in source.papers():
        used = _targets(edges, "PROPOSES", "USES")
        methods |= used
        weights.update((m, c) for m in used for c in _targets(edges, "MENTIONS"))
    graph = nx.Graph()
    for method, _ in source.nodes("Method", map(_key, methods)):
        _add_node(graph, method)
    for concept, _ in source.nodes("Concept", {_key(c) for _, c in weights}):
        _add_node(graph, concept)
    return _weighted(graph, weights)


BUILDERS: dict[str, Callable[[Source], nx.Graph]] = {
    "full": full_graph,
    "papers": papers_graph,
    "concepts": concepts_graph,
    "methods": methods_graph,
}
