"""networkx exports of the graph: the whole graph or a filtered part, and weighted projections.

>>> from papergraph.settings import load_settings
>>> from graph.export import export_file, to_networkx, write_graph
>>> export_file(load_settings(), "graph.graphml", "graphml")   # streamed: any size of graph
>>> g = to_networkx(load_settings(), concept="diffusion models")   # a MultiDiGraph
>>> write_graph(g, "diffusion.graphml", "graphml")   # nx.read_graphml opens it as it is

:func:`export_file` (what ``papergraph export`` runs) writes the full export in bounded memory:
each page read from Neo4j goes on to the file, through spools on disk, without a networkx graph
in between, so its memory does not grow with the graph. The weighted projections sum weights
over the whole scope, so they are built in memory (as :func:`to_networkx` builds them) and then
written. :func:`to_networkx` and :func:`write_graph` are for notebooks: the graph in memory.

The full export (``projection="full"``) is a ``networkx.MultiDiGraph``: node ids are
``"Paper:<id>"``, ``"Concept:<key>"``, ``"Method:<key>"``, ``"Author:<key>"``,
``"CitedWork:<id>"`` (a cited work not loaded yet) and ``"Topic:<id>"``; node attributes are
every property plus ``labels`` (a list), edge attributes every property plus
``relationshipType`` — the names the Neo4j Graph Data Science client uses. Every relationship
of those nodes is exported: a paper's ``MENTIONS``, ``PROPOSES``, ``USES``, ``CITES`` (to
papers and to cited works) and ``HAS_TOPIC {weight}``, its authors' ``WROTE {position}``, a
concept's ``BROADER`` and ``IN_TOPIC {centrality}``, a method's ``RELATED_TO`` and
``VARIANT_OF``. The projections are simple undirected ``networkx.Graph`` objects with an
integer ``weight`` on every edge:

* ``papers``   paper–paper, weight = concepts both mention;
* ``concepts`` concept co-occurrence, weight = papers mentioning both (nodes get ``paperCount``);
* ``methods``  method–concept, weight = papers that propose/use the method and mention the concept.

Filters (``concept``, ``method``, ``year``, ``venue``, ``seed_paper`` + ``hops``) select papers;
all given filters must hold. The export then holds those papers and the concepts, methods,
authors, cited works and topics they link to; a relationship to a node outside the selection (a
citation of a paper left out, a concept's broader concept no selected paper mentions) is left
out. ``hops`` counts paper-to-paper steps through a shared concept or method.

``bibtex`` and ``ris`` (:data:`REFERENCE_FORMATS`) write the papers of the same scope as
references for Zotero or LaTeX, one entry a paper (see ``graph.export._references``); they
take no projection.

Reads use the blocking driver (safe in notebooks, where an event loop may already run) in
keyset pages of ``page_size`` nodes. The ``embedding`` property is left out unless
``include_embeddings=True``. See ``graph.export._formats`` for how each file format encodes
list-valued attributes and text XML cannot hold, so that networkx's own readers open every file
with their defaults and :func:`read_graph` gives lists back as lists.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from os import PathLike
from pathlib import Path
from typing import Literal, get_args, overload
from xml.etree.ElementTree import ParseError

import networkx as nx
from neo4j import Driver

from graph.connection import database_errors, sync_driver
from graph.export._build import BUILDERS, Source, full_items
from graph.export._files import WRITERS, Written, write_items
from graph.export._formats import READERS
from graph.export._items import Item, Shape, graph_items, shape_of
from graph.export._references import write_references
from graph.export._stream import MAX_HOPS, Scope, node_id
from papergraph.errors import InvalidInputError
from papergraph.settings import Settings

__all__ = [
    "FORMATS",
    "MAX_HOPS",
    "PROJECTIONS",
    "REFERENCE_FORMATS",
    "ExportFormat",
    "GraphFormat",
    "Projection",
    "ReferenceFormat",
    "Written",
    "export_file",
    "node_id",
    "read_graph",
    "to_networkx",
    "write_graph",
]

Projection = Literal["full", "papers", "concepts", "methods"]
GraphFormat = Literal["graphml", "gexf", "json", "csv"]
ReferenceFormat = Literal["bibtex", "ris"]
ExportFormat = GraphFormat | ReferenceFormat
PROJECTIONS: tuple[str, ...] = get_args(Projection)
FORMATS: tuple[str, ...] = get_args(GraphFormat)
REFERENCE_FORMATS: tuple[str, ...] = get_args(ReferenceFormat)
PathArg = str | PathLike[str]
_FULL = Shape(directed=True, multigraph=True)
_PROJECTED = Shape(directed=False, multigraph=False)


@overload
def to_networkx(
    source: Settings | Driver,
    *,
    projection: Literal["full"] = ...,
    database: str | None = ...,
    concept: str | None = ...,
    method: str | None = ...,
    year: int | None = ...,
    venue: str | None = ...,
    seed_paper: str | None = ...,
    hops: int = ...,
    include_embeddings: bool = ...,
    page_size: int = ...,
) -> nx.MultiDiGraph: ...


@overload
def to_networkx(
    source: Settings | Driver,
    *,
    projection: Projection,
    database: str | None = ...,
    concept: str | None = ...,
    method: str | None = ...,
    year: int | None = ...,
    venue: str | None = ...,
    seed_paper: str | None = ...,
    hops: int = ...,
    include_embeddings: bool = ...,
    page_size: int = ...,
) -> nx.Graph: ...


def to_networkx(
    source: Settings | Driver,
    *,
    projection: Projection = "full",
    database: str | None = None,
    concept: str | None = None,
    method: str | None = None,
    year: int | None = None,
    venue: str | None = None,
    seed_paper: str | None = None,
    hops: int = 1,
    include_embeddings: bool = False,
    page_size: int = 1000,
) -> nx.Graph:
    """Read the graph (or the part the filters select) from Neo4j into networkx.

    ``source`` is the settings (a driver is opened and closed here) or an open blocking
    ``neo4j.Driver`` (then ``database`` defaults to ``"neo4j"``). ``concept`` and ``method``
    match a key, name or alias (case-insensitive); ``seed_paper`` any id of a paper.
    """
    _check_reading(projection, page_size)
    scope = Scope(
        concept=concept, method=method, year=year, venue=venue, seed_paper=seed_paper, hops=hops
    )
    with _opened(source, database) as (driver, db):
        graph = BUILDERS[projection](_source(driver, db, scope, page_size, include_embeddings))
    graph.graph.update(_description(projection, scope))
    return graph


def export_file(
    source: Settings | Driver,
    path: PathArg,
    fmt: ExportFormat,
    *,
    projection: Projection = "full",
    database: str | None = None,
    concept: str | None = None,
    method: str | None = None,
    year: int | None = None,
    venue: str | None = None,
    seed_paper: str | None = None,
    hops: int = 1,
    include_embeddings: bool = False,
    page_size: int = 1000,
) -> Written:
    """Export the graph (or the part the filters select) to ``path`` as ``fmt``, as
    :func:`write_graph` writes :func:`to_networkx`'s graph, and say how much was written.

    The full projection streams from Neo4j to the file in bounded memory; the weighted ones are
    built in memory first. The options are :func:`to_networkx`'s. ``bibtex`` and ``ris`` write
    the papers alone (``Written.nodes`` counts them). Raise :class:`ExportError` when the file
    cannot be written (the path is checked before anything is read).
    """
    _check_reading(projection, page_size)
    _check_format(fmt, projection)
    scope = Scope(
        concept=concept, method=method, year=year, venue=venue, seed_paper=seed_paper, hops=hops
    )
    shape, graph = (_FULL if projection == "full" else _PROJECTED), _description(projection, scope)
    with _opened(source, database) as (driver, db):
        reading = _source(driver, db, scope, page_size, include_embeddings)
        if fmt in REFERENCE_FORMATS:
            papers = ({**paper.props, "id": _key(paper.id)} for paper, _ in reading.papers())
            return write_references(papers, Path(path), fmt)
        items = _items(reading, projection)
        return write_items(items, Path(path), fmt, shape=shape, graph=graph)


def _key(paper_node: str) -> str:
    """A paper's id from its networkx node id (``Paper:<id>``)."""
    return paper_node.partition(":")[2]


def _source(driver: Driver, db: str, scope: Scope, page_size: int, embeddings: bool) -> Source:
    return Source(
        driver=driver, database=db, scope=scope, page_size=page_size, embeddings=embeddings
    )


def _items(source: Source, projection: Projection) -> Iterator[Item]:
    if projection == "full":
        yield from full_items(source)
    else:  # the weights are sums over the whole scope: built in memory, then written
        yield from graph_items(BUILDERS[projection](source))


def _check_reading(projection: str, page_size: int) -> None:
    if projection not in PROJECTIONS:
        raise InvalidInputError(
            f"Unknown projection {projection!r}: use one of {', '.join(PROJECTIONS)}."
        )
    if page_size < 1:
        raise InvalidInputError(f"page_size must be at least 1, got {page_size}.")


def _check_format(fmt: str, projection: str = "full") -> None:
    if fmt in REFERENCE_FORMATS and projection != "full":
        raise InvalidInputError(
            f"{fmt} lists papers, so it takes no projection: leave out projection={projection!r}."
        )
    if fmt not in WRITERS and fmt not in REFERENCE_FORMATS:
        known = ", ".join((*FORMATS, *REFERENCE_FORMATS))
        raise InvalidInputError(f"Unknown export format {fmt!r}: use one of {known}.")


@contextmanager
def _opened(source: Settings | Driver, database: str | None) -> Iterator[tuple[Driver, str]]:
    if not isinstance(source, Settings):
        yield source, database or "neo4j"
        return
    with sync_driver(source) as driver, database_errors(source):
        yield driver, database or source.neo4j_database


def _description(projection: str, scope: Scope) -> dict[str, object]:
    """Graph attributes naming what was exported (only the filters that were set)."""
    filters = {
        "concept": scope.concept,
        "method": scope.method,
        "year": scope.year,
        "venue": scope.venue,
        "seedPaper": scope.seed_paper,
    }
    if scope.seed_paper is not None:
        filters["hops"] = scope.hops
    chosen = {name: value for name, value in filters.items() if value is not None}
    return {"name": "papergraph", "projection": projection, **chosen}


def write_graph(graph: nx.Graph, path: PathArg, fmt: GraphFormat) -> Path:
    """Write ``graph`` to ``path`` as graphml, gexf, json (node-link) or csv; return the path.

    For ``csv`` the path is a folder that receives ``nodes.csv`` and ``edges.csv``.
    Raise :class:`ExportError` when the file cannot be written.
    """
    _check_format(fmt)
    items = graph_items(graph)
    return write_items(items, Path(path), fmt, shape=shape_of(graph), graph=graph.graph).path


def read_graph(path: PathArg, fmt: GraphFormat) -> nx.Graph:
    """Read a file written by :func:`write_graph`, decoding list attributes back to lists."""
    reader = READERS.get(fmt)
    if reader is None:
        raise InvalidInputError(f"Unknown export format {fmt!r}: use one of {', '.join(FORMATS)}.")
    path = Path(path)
    try:
        return reader(path)
    except OSError as exc:
        raise InvalidInputError(f"Could not read {path}: {exc.strerror or exc}.") from exc
    except (ValueError, KeyError, ParseError, nx.NetworkXError) as exc:
        raise InvalidInputError(f"{path} is not a papergraph {fmt} export: {exc}.") from exc
