"""Export files written from a stream of items in bounded memory: GraphML, GEXF, node-link JSON
and CSV.

:func:`write_items` takes the items once, as they are read. Each is encoded for the format
(``graph.export._formats``) and spooled to disk while the kinds of value of every attribute are
noted; when the stream ends, the file is written from the spools: what declares the attributes
(GraphML keys, GEXF attributes, CSV columns), then the nodes, then the edges. Memory holds a page
of the stream and a batch of a spool, whatever the graph's size.

The file is written under a temporary name in its folder and renamed when complete, so a failed
export leaves no partial file; that temporary file is made before the stream is read, so an
output path that cannot be written fails at once rather than after the whole read.
"""

from __future__ import annotations

import csv
import errno
import json
import os
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from io import TextIOWrapper
from pathlib import Path
from typing import Any

from graph.export._formats import (
    EDGES_CSV,
    NODES_CSV,
    cell,
    column_type,
    csv_kind,
    gexf_item,
    graphml_item,
    node_link_item,
)
from graph.export._items import Attrs, Body, Edge, Item, Node, Shape, Spool
from graph.export._xml import render_gexf, render_graphml, xml_type
from papergraph.errors import ExportError

__all__ = ["WRITERS", "Written", "write_items"]

_JSON = json.JSONEncoder(ensure_ascii=False)


@dataclass(frozen=True)
class Written:
    """What an export wrote: the path (a folder for csv) and how many nodes and edges."""

    path: Path
    nodes: int
    edges: int


def _one_file(path: Path) -> list[Path]:
    return [path]


def _csv_files(path: Path) -> list[Path]:
    path.mkdir(parents=True, exist_ok=True)
    return [path / NODES_CSV, path / EDGES_CSV]


def _unchanged(item: Item) -> Item:
    return item


def _undeclared(value: Any) -> str:
    return ""  # node-link JSON declares nothing ahead of the graph


@dataclass(frozen=True)
class FileFormat:
    """How one format is written: each item encoded, the kind of each value its header declares,
    the files it makes of a path, and the renderer that writes them from the spooled body."""

    encode: Callable[[Item], Item]
    kind: Callable[[Any], str]
    render: Callable[[Sequence[TextIOWrapper], Body], None]
    files: Callable[[Path], list[Path]] = _one_file
    newline: str = "\n"


def write_items(
    items: Iterable[Item], path: Path, fmt: str, *, shape: Shape, graph: Attrs
) -> Written:
    """Write the items (nodes and edges, in any order) to ``path`` as ``fmt``, with the graph
    attributes ``graph``; raise :class:`ExportError` when that cannot be done."""
    form = WRITERS[fmt]
    with ExitStack() as stack:
        with _unwritable(path):  # before the stream is read: a bad path fails at once
            outs = [
                stack.enter_context(_replacing(file, form.newline)) for file in form.files(path)
            ]
        nodes = stack.enter_context(Spool[Node]())
        edges = stack.enter_context(Spool[Edge]())
        body = Body(shape, graph, nodes, edges)
        for item in items:
            _take(body, form, fmt, item)
        try:
            with _unwritable(path):
                form.render(outs, body)
        except (TypeError, ValueError) as exc:
            raise _unencodable(fmt, exc) from exc
    return Written(path, nodes.count, edges.count)


def _take(body: Body, form: FileFormat, fmt: str, item: Item) -> None:
    try:
        encoded = form.encode(item)
        scope = "node" if isinstance(encoded, Node) else "edge"
        for name, value in encoded.attrs.items():
            body.kinds[scope, name].add(form.kind(value))
    except (TypeError, ValueError) as exc:
        raise _unencodable(fmt, exc) from exc
    if isinstance(encoded, Node):
        body.nodes.add(encoded)
    else:
        body.edges.add(encoded)


def _unencodable(fmt: str, exc: Exception) -> ExportError:
    return ExportError(f"The graph cannot be written as {fmt}: {exc}.")


@contextmanager
def _unwritable(path: Path) -> Iterator[None]:
    """Turn the file system's errors inside the block into an :class:`ExportError`."""
    try:
        yield
    except OSError as exc:
        raise ExportError(
            f"Could not write {path}: {exc.strerror or exc}. Check the folder "
            "exists and is writable."
        ) from exc


@contextmanager
def _replacing(path: Path, newline: str) -> Iterator[TextIOWrapper]:
    """A text file in ``path``'s folder that becomes ``path`` when the block completes (and is
    removed when it fails)."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    part = path.with_name(f".{path.name}.{secrets.token_hex(4)}.part")
    out = part.open("x", encoding="utf-8", newline=newline)
    try:
        yield out
        with _unwritable(path):
            out.close()
            part.replace(path)
    finally:
        out.close()
        part.unlink(missing_ok=True)


# -- node-link JSON -----------------------------------------------------------------------------


def render_json(outs: Sequence[TextIOWrapper], body: Body) -> None:
    """Write ``body`` as ``nx.node_link_data`` lays a graph out, one node or edge a line."""
    (out,) = outs
    head = {"directed": body.shape.directed, "multigraph": body.shape.multigraph}
    out.write("{")
    for name, value in (*head.items(), ("graph", body.graph)):
        out.write(f"{_JSON.encode(name)}: {_JSON.encode(value)}, ")
    _json_list(out, "nodes", ({**node.attrs, "id": node.id} for node in body.nodes))
    out.write(", ")
    _json_list(out, "edges", map(_json_edge, body.edges))
    out.write("}\n")


def _json_edge(edge: Edge) -> Attrs:
    ends = {"source": edge.source, "target": edge.target}
    return {**edge.attrs, **ends} if edge.key is None else {**edge.attrs, **ends, "key": edge.key}


def _json_list(out: TextIOWrapper, name: str, rows: Iterable[Attrs]) -> None:
    out.write(f"{_JSON.encode(name)}: [")
    for index, row in enumerate(rows):
        out.write(f"{',' if index else ''}\n{_JSON.encode(row)}")
    out.write("\n]")


# -- CSV ----------------------------------------------------------------------------------------


def render_csv(outs: Sequence[TextIOWrapper], body: Body) -> None:
    """Write ``nodes.csv`` and ``edges.csv``: fixed columns, then one typed column an attribute."""
    if body.shape.multigraph != body.shape.directed:
        raise TypeError("CSV holds a MultiDiGraph (full export) or an undirected Graph")
    nodes_out, edges_out = outs
    _table(nodes_out, [":ID"], _columns(body, "node"), (([n.id], n.attrs) for n in body.nodes))
    heads = [":START_ID", ":END_ID", ":KEY"] if body.shape.multigraph else [":START_ID", ":END_ID"]
    _table(edges_out, heads, _columns(body, "edge"), ((_ends(e), e.attrs) for e in body.edges))


def _columns(body: Body, scope: str) -> list[tuple[str, str]]:
    return sorted(
        (name, column_type(kinds)) for (s, name), kinds in body.kinds.items() if s == scope
    )


def _ends(edge: Edge) -> list[Any]:
    return [edge.source, edge.target] if edge.key is None else [edge.source, edge.target, edge.key]


def _table(
    out: TextIOWrapper,
    heads: list[str],
    columns: list[tuple[str, str]],
    rows: Iterable[tuple[list[Any], Attrs]],
) -> None:
    writer = csv.writer(out)
    writer.writerow([*heads, *(f"{name}:{kind}" for name, kind in columns)])
    for fixed, attrs in rows:
        writer.writerow([*fixed, *(cell(attrs.get(name), kind) for name, kind in columns)])


WRITERS: dict[str, FileFormat] = {
    "graphml": FileFormat(graphml_item, xml_type, render_graphml),
    "gexf": FileFormat(gexf_item, xml_type, render_gexf),
    "json": FileFormat(node_link_item, _undeclared, render_json),
    "csv": FileFormat(_unchanged, csv_kind, render_csv, files=_csv_files, newline=""),
}
