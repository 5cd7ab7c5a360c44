"""What the export tests compare: graphs as plain values, and files read with networkx alone."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx


def edge_list(graph: nx.Graph) -> list[str]:
    """Edges with their attributes (and keys, in a multigraph), in a canonical order (attribute
    order is not meaningful)."""
    if graph.is_multigraph():
        edges = graph.edges(keys=True, data=True)
    else:
        edges = ((u, v, None, d) for u, v, d in graph.edges(data=True))
    return sorted(repr((u, v, k, sorted(d.items()))) for u, v, k, d in edges)


def plain_read(path: Path, fmt: str) -> nx.Graph:
    """What an analyst gets with networkx alone, no papergraph code."""
    if fmt == "graphml":
        return nx.read_graphml(path)
    if fmt == "gexf":
        return nx.read_gexf(path)
    if fmt == "json":
        with path.open(encoding="utf-8") as handle:
            return nx.node_link_graph(json.load(handle))
    raise AssertionError(fmt)


def projection_graph() -> nx.Graph:
    """A small concepts projection: an undirected weighted graph."""
    graph = nx.Graph(name="papergraph", projection="concepts")
    graph.add_node("Concept:a", labels=["Concept"], key="a", aliases=["A"], paperCount=2)
    graph.add_node("Concept:b", labels=["Concept"], key="b", aliases=[], paperCount=1)
    graph.add_edge("Concept:a", "Concept:b", weight=1)
    return graph
