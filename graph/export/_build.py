"""Turn the paged records of ``graph.export._stream`` into an export.

The full export is a stream of items (:func:`full_items`), which a file is written from as it
comes and ``full_graph`` gathers into a ``MultiDiGraph`` mirroring Neo4j. The projections are
simple undirected graphs whose ``weight`` counts papers (of the exported scope) behind each
edge: the weights are summed over the whole scope, so they are built in memory.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import networkx as nx
from neo4j import Driver

from graph.export._items import Edge, Item, Node, Spool, add_items
from graph.export._stream import EdgeRecord, NodeRecord, Scope, stream_nodes, stream_papers

__all__ = ["BUILDERS", "Source", "full_items"]

Pair = tuple[str, str]
#: read after the papers that link them (a topic through the papers' HAS_TOPIC)
_LINKED = ("Concept", "Author", "CitedWork", "Method", "Topic")


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


def _label(node_id: str) -> str:
    return node_id.partition(":")[0]


def node_item(node: NodeRecord) -> Node:
    """A node record as networkx holds it: every property plus ``labels`` (a list)."""
    return Node(node.id, {"labels": list(node.labels), **node.props})


def _add_node(graph: nx.Graph, node: NodeRecord, **extra: Any) -> None:
    item = node_item(node)
    graph.add_node(item.id, **item.attrs, **extra)


def _keyed(edges: list[EdgeRecord]) -> Iterator[Edge]:
    """A record's relationships as networkx edges: every property plus ``relationshipType``,
    keyed 0, 1, ... per pair of ends as networkx keys them (all the relationships between two
    nodes come in one record: those of their paper, or of their method)."""
    seen: Counter[Pair] = Counter()
    for edge in edges:
        pair = (edge.source, edge.target)
        yield Edge(*pair, seen[pair], {"relationshipType": edge.type, **edge.props})
        seen[pair] += 1


def full_items(source: Source) -> Iterator[Item]:
    """Every node and relationship in scope, with every property, as Neo4j holds them, each once.

    A citation of a paper outside the scope of a filtered export is left out with that paper;
    cited works not in the graph (``CitedWork``), the papers' authors and their topics are in
    scope (a BROADER to a concept no paper in scope mentions is left out with that concept).
    """
    return _everything(source) if source.scope.everything else _selection(source)


def _everything(source: Source) -> Iterator[Item]:
    # Nothing is remembered: each page is read once (keyset pages on a unique key), and every
    # relationship's far end is exported, so each item passes straight through.
    for paper, edges in source.papers():
        yield node_item(paper)
        yield from _keyed(edges)
    for label in _LINKED:
        for node, related in source.nodes(label, None):
            yield node_item(node)
            yield from _keyed(related)


def _selection(source: Source) -> Iterator[Item]:
    # A filtered export keeps a relationship when its far end is exported, so it remembers the
    # ids it holds; a citation waits on disk until every paper in scope is known.
    held: set[str] = set()
    with Spool[Edge]() as citations:
        for paper, edges in source.papers():
            held.add(paper.id)
            yield node_item(paper)
            for edge in _keyed(edges):
                end = edge.source if edge.target == paper.id else edge.target
                if _label(end) == "Paper":
                    citations.add(edge)
                else:
                    held.add(end)
                    yield edge
        yield from (edge for edge in citations if edge.target in held)
    for label in _LINKED:
        keys = [_key(node) for node in held if _label(node) == label]
        for node, related in source.nodes(label, keys):
            yield node_item(node)
            yield from (edge for edge in _keyed(related) if edge.target in held)


def full_graph(source: Source) -> nx.MultiDiGraph:
    """:func:`full_items` as a ``MultiDiGraph`` mirroring Neo4j."""
    graph: nx.MultiDiGraph = add_items(nx.MultiDiGraph(), full_items(source))
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
