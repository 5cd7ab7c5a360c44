"""The items an export is made of (networkx-shaped nodes and edges) and a disk spool for them.

An export is a stream of :class:`Node` and :class:`Edge` items: read from Neo4j page by page
(``graph.export._build.full_items``) or taken from a networkx graph (:func:`graph_items`), and
either gathered into a networkx graph (:func:`add_items`) or written to a file as they come
(``graph.export._files``). What a stream must hold until it ends (the edges a file lists after
its nodes, the citations a filtered export checks once it knows its papers) waits in a
:class:`Spool` on disk, so that memory holds one batch of it whatever the graph's size.
"""

from __future__ import annotations

import pickle
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import TracebackType
from typing import IO, Any, Generic, NamedTuple, TypeVar

import networkx as nx

from papergraph.errors import ExportError

__all__ = [
    "Attrs",
    "Body",
    "Edge",
    "Item",
    "Node",
    "Shape",
    "Spool",
    "add_items",
    "graph_items",
    "shape_of",
]

Attrs = dict[str, Any]
T = TypeVar("T")


class Node(NamedTuple):
    """A node: its networkx id and attributes."""

    id: Any
    attrs: Attrs


class Edge(NamedTuple):
    """An edge between two node ids; ``key`` is the multigraph key (``None`` in a simple graph)."""

    source: Any
    target: Any
    key: int | None
    attrs: Attrs


Item = Node | Edge


@dataclass(frozen=True)
class Shape:
    """Whether a graph's edges are directed, and whether two nodes may have several edges."""

    directed: bool
    multigraph: bool


def shape_of(graph: nx.Graph) -> Shape:
    return Shape(directed=graph.is_directed(), multigraph=graph.is_multigraph())


def graph_items(graph: nx.Graph) -> Iterator[Item]:
    """The nodes, then the edges, of a networkx graph."""
    for node, attrs in graph.nodes(data=True):
        yield Node(node, attrs)
    if graph.is_multigraph():
        for source, target, key, attrs in graph.edges(keys=True, data=True):
            yield Edge(source, target, key, attrs)
    else:
        for source, target, attrs in graph.edges(data=True):
            yield Edge(source, target, None, attrs)


def add_items(graph: nx.Graph, items: Iterable[Item]) -> nx.Graph:
    """``graph`` with the items added (an edge's end not given as a node is added bare)."""
    for item in items:
        if isinstance(item, Node):
            graph.add_node(item.id, **item.attrs)
        elif item.key is None:
            graph.add_edge(item.source, item.target, **item.attrs)
        else:  # add_edges_from: an attribute named "key" stays an attribute
            graph.add_edges_from([(item.source, item.target, item.key, item.attrs)])
    return graph


class Spool(Generic[T]):
    """Items kept in an unnamed temporary file, in pickled batches, and read back in order.

    Enter it to open the file (in the temporary folder, ``TMPDIR``); add every item, then iterate
    (each iteration reads from the start). Memory holds one batch.
    """

    def __init__(self, *, batch: int = 1000) -> None:
        self._batch = batch
        self._pending: list[T] = []
        self._file: IO[bytes] | None = None
        self.count = 0

    def __enter__(self) -> Spool[T]:
        with _temporary_file_errors():
            self._file = tempfile.TemporaryFile()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._file is not None:
            self._file.close()

    def add(self, item: T) -> None:
        """Keep ``item`` (written to the file with the batch it completes)."""
        self._pending.append(item)
        self.count += 1
        if len(self._pending) >= self._batch:
            self._flush()

    def __iter__(self) -> Iterator[T]:
        self._flush()
        file = self._opened()
        file.seek(0)
        while True:
            with _temporary_file_errors():
                try:
                    batch: list[T] = pickle.load(file)  # our own file, written just before
                except EOFError:
                    return
            yield from batch

    def _flush(self) -> None:
        if self._pending:
            with _temporary_file_errors():
                pickle.dump(self._pending, self._opened(), protocol=pickle.HIGHEST_PROTOCOL)
            self._pending = []

    def _opened(self) -> IO[bytes]:
        if self._file is None:
            raise RuntimeError("A Spool is used inside `with`: enter it before adding items.")
        return self._file


@contextmanager
def _temporary_file_errors() -> Iterator[None]:
    try:
        yield
    except OSError as exc:
        raise ExportError(
            f"Could not write the export's temporary file in {tempfile.gettempdir()}: "
            f"{exc.strerror or exc}. Free some space there or point TMPDIR at a folder with room."
        ) from exc


@dataclass
class Body:
    """What a file is written from once the stream has ended: the graph's shape and attributes,
    its nodes and edges (encoded for the file's format) and, per scope (``node`` or ``edge``)
    and attribute name, the kinds of value it held (what a header declares)."""

    shape: Shape
    graph: Attrs
    nodes: Spool[Node]
    edges: Spool[Edge]
    kinds: defaultdict[tuple[str, str], set[str]] = field(default_factory=lambda: defaultdict(set))
