"""Writers and readers of the export formats, with the encodings that make them round-trip.

* GraphML and GEXF hold only scalar attribute values, so a list value (``labels``, ``aliases``,
  ``authors``, ``altIds``, ``keywords``, ``embedding``) is written as a JSON array string under
  the attribute name with ``[]`` appended (``aliases[]`` = ``'["GNN", "GNNs"]'``); reading
  decodes every ``name[]`` attribute back to ``name``.
* GEXF also gives ``id``, ``key``, ``type``, ``start``, ``end``, ``pid`` and ``viz`` a meaning
  of its own, so properties with those names are written as ``_id``, ``_key``, ... and renamed
  back on read. ``label`` and ``weight`` use GEXF's own node label and edge weight (Gephi shows
  them); a node without a ``label`` gets its id as GEXF label, which reading drops again, and
  integral weights come back as ``int``.
* Node-link JSON keeps lists as they are. Its keys avoid clashing with properties (Paper has an
  ``id``, MENTIONS a ``source``): nodes carry their networkx id as ``nodeId``, relationships are
  under ``edges`` with ``sourceNodeId`` and ``targetNodeId`` (the names GDS streams use) and
  ``key``. Read it with ``nx.node_link_graph(data, **graph.export.NODE_LINK_KEYS)``.
* CSV is a folder with ``nodes.csv`` (``:ID`` then one ``name:type`` column per attribute) and
  ``edges.csv`` (``:START_ID``, ``:END_ID``, ``:KEY`` for multigraphs, then attribute columns).
  Types are ``string``, ``int``, ``float``, ``bool`` and ``json`` (lists and mixed columns, as
  JSON); an empty cell means the attribute is absent. A ``:KEY`` column means a directed
  multigraph (the full export), none an undirected graph (the projections).
* In every format a directed graph reads back as a ``MultiDiGraph`` (the full export) and an
  undirected one as a ``Graph`` (the projections).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import networkx as nx

__all__ = ["NODE_LINK_KEYS", "READERS", "WRITERS"]

LIST_SUFFIX = "[]"
GEXF_RESERVED = frozenset({"id", "key", "type", "start", "end", "pid", "viz", "networkx_key"})
NODE_LINK_KEYS = {
    "edges": "edges",
    "name": "nodeId",
    "source": "sourceNodeId",
    "target": "targetNodeId",
    "key": "key",
}
NODES_CSV = "nodes.csv"
EDGES_CSV = "edges.csv"


# -- attribute encodings ------------------------------------------------------------------------


def _encode_lists(data: dict[str, Any], rename: Callable[[str], str]) -> dict[str, Any]:
    encoded = {}
    for name, value in data.items():
        if isinstance(value, list | tuple):
            encoded[rename(name) + LIST_SUFFIX] = json.dumps(list(value), ensure_ascii=False)
        else:
            encoded[rename(name)] = value
    return encoded


def _decode_lists(data: dict[str, Any], rename: Callable[[str], str]) -> dict[str, Any]:
    decoded = {}
    for name, value in data.items():
        if name.endswith(LIST_SUFFIX) and isinstance(value, str):
            decoded[rename(name[: -len(LIST_SUFFIX)])] = json.loads(value)
        else:
            decoded[rename(name)] = value
    return decoded


def _same(name: str) -> str:
    return name


def _gexf_escape(name: str) -> str:
    return "_" + name if name in GEXF_RESERVED or name.lstrip("_") in GEXF_RESERVED else name


def _gexf_unescape(name: str) -> str:
    return name[1:] if name.startswith("_") and name[1:].lstrip("_") in GEXF_RESERVED else name


def _recoded(
    graph: nx.Graph,
    node: Callable[[dict[str, Any]], dict[str, Any]],
    edge: Callable[[dict[str, Any]], dict[str, Any]],
) -> nx.Graph:
    """A copy of ``graph`` with every node and edge attribute dict passed through a function."""
    copy = graph.__class__()
    copy.graph.update(graph.graph)
    copy.add_nodes_from((n, node(d)) for n, d in graph.nodes(data=True))
    if graph.is_multigraph():
        copy.add_edges_from((u, v, k, edge(d)) for u, v, k, d in graph.edges(keys=True, data=True))
    else:
        copy.add_edges_from((u, v, edge(d)) for u, v, d in graph.edges(data=True))
    return copy


# -- GraphML ------------------------------------------------------------------------------------


def _list_encoder(data: dict[str, Any]) -> dict[str, Any]:
    return _encode_lists(data, _same)


def _list_decoder(data: dict[str, Any]) -> dict[str, Any]:
    return _decode_lists(data, _same)


def write_graphml(graph: nx.Graph, path: Path) -> None:
    nx.write_graphml(_recoded(graph, _list_encoder, _list_encoder), path)


def read_graphml(path: Path) -> nx.Graph:
    raw = nx.read_graphml(path, node_type=str, edge_key_type=int)
    return _recoded(_as_exported(raw), _list_decoder, _list_decoder)


def _as_exported(graph: nx.Graph) -> nx.Graph:
    """networkx's XML readers give a DiGraph when no edge is parallel; exports that are directed
    are MultiDiGraphs (every key 0 then, as when they were written)."""
    if graph.is_directed() and not graph.is_multigraph():
        for *_, data in graph.edges(data=True):
            data.pop("id", None)  # the multigraph key, written as the GraphML/GEXF edge id
        return nx.MultiDiGraph(graph)
    return graph


# -- GEXF ---------------------------------------------------------------------------------------


def _gexf_encoder(data: dict[str, Any]) -> dict[str, Any]:
    return _encode_lists(data, _gexf_escape)


def write_gexf(graph: nx.Graph, path: Path) -> None:
    nx.write_gexf(_recoded(graph, _gexf_encoder, _gexf_encoder), path)


def read_gexf(path: Path) -> nx.Graph:
    raw = nx.read_gexf(path, node_type=str)
    for node, data in raw.nodes(data=True):
        if data.get("label") == node:
            del data["label"]
    for *_, data in raw.edges(data=True):
        data.pop("id", None)  # GEXF's own edge id, not a property
        weight = data.get("weight")
        if isinstance(weight, float) and weight.is_integer():
            data["weight"] = int(weight)
    return _recoded(_as_exported(raw), _gexf_decoder, _gexf_decoder)


def _gexf_decoder(data: dict[str, Any]) -> dict[str, Any]:
    return _decode_lists(data, _gexf_unescape)


# -- node-link JSON -----------------------------------------------------------------------------


def write_json(graph: nx.Graph, path: Path) -> None:
    data = nx.node_link_data(graph, **NODE_LINK_KEYS)
    with path.open("w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False)


def read_json(path: Path) -> nx.Graph:
    with path.open(encoding="utf-8") as handle:
        data = json.load(handle)
    return nx.node_link_graph(data, **NODE_LINK_KEYS)


# -- CSV ----------------------------------------------------------------------------------------


def _column_type(values: Iterable[Any]) -> str:
    kinds = {"bool" if isinstance(v, bool) else type(v).__name__ for v in values}
    if kinds <= {"int", "float"}:
        return "float" if "float" in kinds else "int"
    if len(kinds) == 1 and kinds <= {"str", "bool"}:
        return "string" if kinds == {"str"} else "bool"
    return "json"


def _columns(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    names = sorted({name for row in rows for name in row})
    return [(name, _column_type(row[name] for row in rows if name in row)) for name in names]


def _cell(value: Any, kind: str) -> str:
    if value is None:
        return ""
    if kind == "json":
        return json.dumps(value, ensure_ascii=False)
    return str(value).lower() if kind == "bool" else str(value)


_PARSERS: dict[str, Callable[[str], Any]] = {
    "string": str,
    "int": int,
    "float": float,
    "bool": lambda s: s == "true",
    "json": json.loads,
}


def _write_table(
    path: Path, ids: list[str], rows: list[list[Any]], data: list[dict[str, Any]]
) -> None:
    columns = _columns(data)
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow([*ids, *(f"{name}:{kind}" for name, kind in columns)])
        for fixed, attrs in zip(rows, data, strict=True):
            writer.writerow([*fixed, *(_cell(attrs.get(name), kind) for name, kind in columns)])


def write_csv(graph: nx.Graph, path: Path) -> None:
    if graph.is_multigraph() != graph.is_directed():
        raise TypeError("CSV holds a MultiDiGraph (full export) or an undirected Graph")
    path.mkdir(parents=True, exist_ok=True)
    nodes = list(graph.nodes(data=True))
    _write_table(path / NODES_CSV, [":ID"], [[n] for n, _ in nodes], [d for _, d in nodes])
    if graph.is_multigraph():
        edges = [([u, v, k], d) for u, v, k, d in graph.edges(keys=True, data=True)]
        heads = [":START_ID", ":END_ID", ":KEY"]
    else:
        edges = [([u, v], d) for u, v, d in graph.edges(data=True)]
        heads = [":START_ID", ":END_ID"]
    _write_table(path / EDGES_CSV, heads, [e for e, _ in edges], [d for _, d in edges])


def _read_table(path: Path) -> Iterator[tuple[dict[str, str], dict[str, Any]]]:
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            fixed = {k: v for k, v in row.items() if k.startswith(":")}
            attrs = {}
            for header, cell in row.items():
                if not header.startswith(":") and cell != "":
                    name, _, kind = header.rpartition(":")
                    attrs[name] = _PARSERS[kind](cell)
            yield fixed, attrs


def read_csv(path: Path) -> nx.Graph:
    with (path / EDGES_CSV).open(encoding="utf-8") as handle:
        multigraph = ":KEY" in next(csv.reader(handle), [])
    graph: nx.Graph = nx.MultiDiGraph() if multigraph else nx.Graph()
    graph.add_nodes_from((fixed[":ID"], attrs) for fixed, attrs in _read_table(path / NODES_CSV))
    for fixed, attrs in _read_table(path / EDGES_CSV):
        ends = (fixed[":START_ID"], fixed[":END_ID"])
        if multigraph:
            graph.add_edge(*ends, key=int(fixed[":KEY"]), **attrs)
        else:
            graph.add_edge(*ends, **attrs)
    return graph


WRITERS: dict[str, Callable[[nx.Graph, Path], None]] = {
    "graphml": write_graphml,
    "gexf": write_gexf,
    "json": write_json,
    "csv": write_csv,
}
READERS: dict[str, Callable[[Path], nx.Graph]] = {
    "graphml": read_graphml,
    "gexf": read_gexf,
    "json": read_json,
    "csv": read_csv,
}
