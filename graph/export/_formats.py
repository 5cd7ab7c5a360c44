"""The encodings that make the export formats round-trip, and their readers.

The writers (``graph.export._files``, ``graph.export._xml``) encode each item with the
``*_item`` functions here, and the readers undo the same rules. Every format opens in networkx
with its default arguments (``nx.read_graphml(path)``, ``nx.read_gexf(path)``,
``nx.node_link_graph(json.load(f))``); :func:`graph.export.read_graph` also undoes the
encodings below.

* GraphML and GEXF hold only scalar attribute values, so a list value (``labels``, ``aliases``,
  ``authors``, ``altIds``, ``keywords``, ``embedding``) is written under its own name as a JSON
  array string (``aliases`` = ``'["GNN", "GNNs"]'``); reading decodes every attribute whose
  values are all JSON array strings back to lists.
* XML 1.0 forbids most control characters (U+0000–U+001F except tab, line feed and carriage
  return), U+FFFE, U+FFFF and lone surrogates even as character references, and abstracts
  copied from PDFs hold some (``Mo\x02tivated``). GraphML and GEXF replace each by U+FFFD (�)
  in every text (ids, names, values), so the file parses whatever the data holds and an edge's
  evidence offsets still index its paper's abstract. Inside a list they survive: JSON writes
  them as ``\u0002`` escapes.
* GEXF also gives ``id``, ``key``, ``type``, ``start``, ``end``, ``pid`` and ``viz`` a meaning
  of its own, so properties with those names are written as ``_id``, ``_key``, ... and renamed
  back on read. ``label`` and ``weight`` use GEXF's own node label and edge weight (Gephi shows
  them); a node without a ``label`` gets its id as GEXF label, which reading drops again, and
  integral weights come back as ``int``.
* Node-link JSON is exactly what ``nx.node_link_data(graph)`` writes (``nodes`` with ``id``,
  ``edges`` with ``source``, ``target`` and ``key``) and keeps lists as they are. A property
  that would collide with those keys (a paper's ``id``, a mention's ``source``) is written with
  a leading underscore (``_id``, ``_source``) and renamed back on read.
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
import re
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import networkx as nx

from graph.export._items import Attrs, Edge, Item, Node

__all__ = [
    "EDGES_CSV",
    "NODES_CSV",
    "READERS",
    "cell",
    "column_type",
    "csv_kind",
    "gexf_item",
    "graphml_item",
    "node_link_item",
    "xml_attrs",
    "xml_safe",
]

GEXF_RESERVED = frozenset({"id", "key", "type", "start", "end", "pid", "viz", "networkx_key"})
NODE_LINK_NODE_RESERVED = frozenset({"id"})
NODE_LINK_EDGE_RESERVED = frozenset({"source", "target", "key"})
NODES_CSV = "nodes.csv"
EDGES_CSV = "edges.csv"
_XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")

Recode = Callable[[Attrs], Attrs]


# -- attribute encodings ------------------------------------------------------------------------


def xml_safe(value: Any) -> Any:
    """``value`` with each character XML 1.0 forbids replaced by U+FFFD, when it is a string
    (replaced, not removed: offsets into the text stay right)."""
    return _XML_FORBIDDEN.sub("\ufffd", value) if isinstance(value, str) else value


def _escape(reserved: frozenset[str], name: str) -> str:
    return "_" + name if name.lstrip("_") in reserved else name


def _unescape(reserved: frozenset[str], name: str) -> str:
    return name[1:] if name.startswith("_") and name[1:].lstrip("_") in reserved else name


def _renamed(rename: Callable[[str], str], data: Attrs) -> Attrs:
    return {rename(name): value for name, value in data.items()}


def _same(name: str) -> str:
    return name


def _xml_encoded(rename: Callable[[str], str], data: Attrs) -> Attrs:
    """Lists as JSON array strings under their own name; every text XML-safe."""
    encoded = {}
    for name, value in data.items():
        if isinstance(value, list | tuple):
            value = json.dumps(list(value), ensure_ascii=False)
        encoded[xml_safe(rename(name))] = xml_safe(value)
    return encoded


def _is_json_list(value: Any) -> bool:
    if not (isinstance(value, str) and value.startswith("[")):
        return False
    try:
        return isinstance(json.loads(value), list)
    except ValueError:
        return False


def _json_list_names(rows: Iterable[Attrs]) -> frozenset[str]:
    """The attributes whose every value (where present) is a JSON array string."""
    verdicts: dict[str, bool] = {}
    for row in rows:
        for name, value in row.items():
            verdicts[name] = verdicts.get(name, True) and _is_json_list(value)
    return frozenset(name for name, is_list in verdicts.items() if is_list)


def _xml_decoded(rename: Callable[[str], str], lists: frozenset[str], data: Attrs) -> Attrs:
    return {
        rename(name): json.loads(value) if name in lists else value for name, value in data.items()
    }


def _recoded_in_place(graph: nx.Graph, node: Recode, edge: Recode) -> nx.Graph:
    """``graph`` itself with every node and edge attribute dict recoded (a graph just read)."""
    for _, data in graph.nodes(data=True):
        recoded = node(data)
        data.clear()
        data.update(recoded)
    for *_, data in graph.edges(data=True):
        recoded = edge(data)
        data.clear()
        data.update(recoded)
    return graph


def _xml_item(rename: Callable[[str], str], item: Item) -> Item:
    encode = partial(_xml_encoded, rename)
    if isinstance(item, Node):
        return Node(xml_safe(item.id), encode(item.attrs))
    return Edge(xml_safe(item.source), xml_safe(item.target), item.key, encode(item.attrs))


def graphml_item(item: Item) -> Item:
    """``item`` as GraphML holds it: lists as JSON array strings, every text XML-safe."""
    return _xml_item(_same, item)


def xml_attrs(data: Attrs) -> Attrs:
    """Graph attributes as GraphML and GEXF hold them: GraphML's encoding, names kept."""
    return _xml_encoded(_same, data)


def gexf_item(item: Item) -> Item:
    """``item`` as GEXF holds it: GraphML's encoding, and the names GEXF reserves escaped."""
    return _xml_item(partial(_escape, GEXF_RESERVED), item)


def _lists_restored(graph: nx.Graph, rename: Callable[[str], str]) -> nx.Graph:
    node_lists = _json_list_names(d for _, d in graph.nodes(data=True))
    edge_lists = _json_list_names(d for *_, d in graph.edges(data=True))
    return _recoded_in_place(
        graph,
        partial(_xml_decoded, rename, node_lists),
        partial(_xml_decoded, rename, edge_lists),
    )


# -- GraphML ------------------------------------------------------------------------------------


def read_graphml(path: Path) -> nx.Graph:
    raw = nx.read_graphml(path, node_type=str, edge_key_type=int)
    return _lists_restored(_as_exported(raw), _same)


def _as_exported(graph: nx.Graph) -> nx.Graph:
    """networkx's XML readers give a DiGraph when no edge is parallel; exports that are directed
    are MultiDiGraphs (every key 0 then, as when they were written)."""
    if graph.is_directed() and not graph.is_multigraph():
        for *_, data in graph.edges(data=True):
            data.pop("id", None)  # the multigraph key, written as the GraphML/GEXF edge id
        return nx.MultiDiGraph(graph)
    return graph


# -- GEXF ---------------------------------------------------------------------------------------


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
    return _lists_restored(_as_exported(raw), partial(_unescape, GEXF_RESERVED))


# -- node-link JSON -----------------------------------------------------------------------------


def node_link_item(item: Item) -> Item:
    """``item`` with the attributes that would collide with node-link's keys escaped."""
    if isinstance(item, Node):
        return Node(item.id, _renamed(partial(_escape, NODE_LINK_NODE_RESERVED), item.attrs))
    return item._replace(attrs=_renamed(partial(_escape, NODE_LINK_EDGE_RESERVED), item.attrs))


def read_json(path: Path) -> nx.Graph:
    with path.open(encoding="utf-8") as handle:
        data = json.load(handle)
    raw = nx.node_link_graph(data)
    return _recoded_in_place(
        raw,
        partial(_renamed, partial(_unescape, NODE_LINK_NODE_RESERVED)),
        partial(_renamed, partial(_unescape, NODE_LINK_EDGE_RESERVED)),
    )


# -- CSV ----------------------------------------------------------------------------------------


def csv_kind(value: Any) -> str:
    """The name of a value's type, as :func:`column_type` reads it."""
    return "bool" if isinstance(value, bool) else type(value).__name__


def column_type(kinds: Iterable[str]) -> str:
    """The type of a CSV column whose values are of these kinds (:func:`csv_kind`)."""
    found = set(kinds)
    if found <= {"int", "float"}:
        return "float" if "float" in found else "int"
    if len(found) == 1 and found <= {"str", "bool"}:
        return "string" if found == {"str"} else "bool"
    return "json"


def cell(value: Any, kind: str) -> str:
    """A CSV cell holding ``value`` in a column of type ``kind`` (empty: the value is absent)."""
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


def _read_table(path: Path) -> Iterator[tuple[dict[str, str], dict[str, Any]]]:
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            fixed = {k: v for k, v in row.items() if k.startswith(":")}
            attrs = {}
            for header, text in row.items():
                if not header.startswith(":") and text != "":
                    name, _, kind = header.rpartition(":")
                    attrs[name] = _PARSERS[kind](text)
            yield fixed, attrs


def read_csv(path: Path) -> nx.Graph:
    with (path / EDGES_CSV).open(encoding="utf-8") as handle:
        multigraph = ":KEY" in next(csv.reader(handle), [])
    graph: nx.Graph = nx.MultiDiGraph() if multigraph else nx.Graph()
    graph.add_nodes_from((fixed[":ID"], attrs) for fixed, attrs in _read_table(path / NODES_CSV))
    for fixed, attrs in _read_table(path / EDGES_CSV):
        ends = (fixed[":START_ID"], fixed[":END_ID"])
        if multigraph:  # add_edges_from: a property named "key" stays a property
            graph.add_edges_from([(*ends, int(fixed[":KEY"]), attrs)])
        else:
            graph.add_edge(*ends, **attrs)
    return graph


READERS: dict[str, Callable[[Path], nx.Graph]] = {
    "graphml": read_graphml,
    "gexf": read_gexf,
    "json": read_json,
    "csv": read_csv,
}
