"""GraphML and GEXF files written from a spooled :class:`~graph.export._items.Body`.

The files say what networkx's own writers would say of the same graph, so ``nx.read_graphml``
and ``nx.read_gexf`` give the same graph back (the encodings are ``graph.export._formats``'):

* values are declared with networkx's type names (``string``, ``long``, ``double``,
  ``boolean``); GraphML has one ``<key>`` per attribute name, scope and type, as networkx writes;
  GEXF declares one type per attribute, so one that holds integers and floats is a ``double``
  and one that holds other mixtures a ``string`` (networkx keeps the first value's type, which
  cannot read such a file back);
* a GraphML multigraph edge carries its key as its ``id``; a GEXF edge is numbered and carries
  its key as ``networkx_key``; GEXF puts ``label`` and ``weight`` on its own node and edge
  attributes.

The XML is written by the standard library's :class:`xml.sax.saxutils.XMLGenerator`, which
escapes every text and attribute value.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from io import TextIOWrapper
from typing import Any
from xml.sax.saxutils import XMLGenerator
from xml.sax.xmlreader import AttributesImpl

from graph.export._formats import xml_attrs
from graph.export._items import Attrs, Body, Edge, Node

__all__ = ["render_gexf", "render_graphml", "xml_type"]

_XSI = "http://www.w3.org/2001/XMLSchema-instance"
_GRAPHML_NS = "http://graphml.graphdrawing.org/xmlns"
_GRAPHML = {
    "xmlns": _GRAPHML_NS,
    "xmlns:xsi": _XSI,
    "xsi:schemaLocation": f"{_GRAPHML_NS} {_GRAPHML_NS}/1.0/graphml.xsd",
}
_GEXF_NS = "http://www.gexf.net/1.2draft"
_GEXF = {
    "xmlns": _GEXF_NS,
    "xmlns:xsi": _XSI,
    "xsi:schemaLocation": f"{_GEXF_NS} {_GEXF_NS}/gexf.xsd",
    "version": "1.2",
}
_GEXF_OWN = {"node": frozenset({"label"}), "edge": frozenset({"label", "weight"})}
_NOT_DATA = frozenset({"node_default", "edge_default"})  # what networkx's readers add
_TYPES = {str: "string", int: "long", float: "double", bool: "boolean"}
_GEXF_FLOATS = {"inf": "INF", "-inf": "-INF", "nan": "NaN"}

KeyIds = dict[tuple[str, str, str], str]
Declared = dict[tuple[str, str], tuple[str, str]]


def xml_type(value: Any) -> str:
    """The GraphML and GEXF type of ``value``, as networkx names it."""
    found = _TYPES.get(type(value))
    if found is not None:
        return found
    if isinstance(value, numbers.Integral):  # numpy's numbers too, as networkx takes them
        return "long"
    if isinstance(value, numbers.Real):
        return "double"
    raise TypeError(f"GraphML and GEXF hold text, numbers and booleans, not {type(value).__name__}")


def _generator(out: TextIOWrapper) -> XMLGenerator:
    xml = XMLGenerator(out, encoding="utf-8", short_empty_elements=True)
    xml.startDocument()
    return xml


def _start(xml: XMLGenerator, tag: str, attrs: dict[str, str]) -> None:
    xml.startElement(tag, AttributesImpl(attrs))


def _leaf(xml: XMLGenerator, tag: str, attrs: dict[str, str]) -> None:
    _start(xml, tag, attrs)
    xml.endElement(tag)
    xml.ignorableWhitespace("\n")


def _open(xml: XMLGenerator, tag: str, attrs: dict[str, str]) -> None:
    _start(xml, tag, attrs)
    xml.ignorableWhitespace("\n")


def _close(xml: XMLGenerator, tag: str) -> None:
    xml.endElement(tag)
    xml.ignorableWhitespace("\n")


def _graph_attrs(body: Body) -> Attrs:
    return xml_attrs({name: v for name, v in body.graph.items() if name not in _NOT_DATA})


# -- GraphML ------------------------------------------------------------------------------------


def render_graphml(outs: Sequence[TextIOWrapper], body: Body) -> None:
    """Write ``body`` as one GraphML document: the keys, then the graph's data, nodes, edges."""
    (out,) = outs
    graph = _graph_attrs(body)
    keys = _graphml_keys(body.kinds, graph)
    xml = _generator(out)
    _open(xml, "graphml", _GRAPHML)
    for (scope, name, kind), key in keys.items():
        _leaf(xml, "key", {"id": key, "for": scope, "attr.name": name, "attr.type": kind})
    _open(xml, "graph", {"edgedefault": "directed" if body.shape.directed else "undirected"})
    _graphml_data(xml, keys, "graph", graph)
    for node in body.nodes:
        _graphml_node(xml, keys, node)
    for edge in body.edges:
        _graphml_edge(xml, keys, edge)
    _close(xml, "graph")
    _close(xml, "graphml")
    xml.endDocument()


def _graphml_keys(kinds: dict[tuple[str, str], set[str]], graph: Attrs) -> KeyIds:
    declared = {(scope, name, kind) for (scope, name), found in kinds.items() for kind in found}
    declared |= {("graph", name, xml_type(value)) for name, value in graph.items()}
    return {triple: f"d{index}" for index, triple in enumerate(sorted(declared))}


def _graphml_data(xml: XMLGenerator, keys: KeyIds, scope: str, attrs: Attrs) -> None:
    for name, value in attrs.items():
        _start(xml, "data", {"key": keys[scope, name, xml_type(value)]})
        xml.characters(str(value))
        xml.endElement("data")


def _graphml_node(xml: XMLGenerator, keys: KeyIds, node: Node) -> None:
    _start(xml, "node", {"id": str(node.id)})
    _graphml_data(xml, keys, "node", node.attrs)
    _close(xml, "node")


def _graphml_edge(xml: XMLGenerator, keys: KeyIds, edge: Edge) -> None:
    ends = {"source": str(edge.source), "target": str(edge.target)}
    if edge.key is not None:
        ends["id"] = str(edge.key)
    _start(xml, "edge", ends)
    _graphml_data(xml, keys, "edge", edge.attrs)
    _close(xml, "edge")


# -- GEXF ---------------------------------------------------------------------------------------


def render_gexf(outs: Sequence[TextIOWrapper], body: Body) -> None:
    """Write ``body`` as one GEXF 1.2 document: the attributes, then the nodes, then the edges."""
    (out,) = outs
    declared = _gexf_attributes(body)
    xml = _generator(out)
    _open(xml, "gexf", _GEXF)
    direction = "directed" if body.shape.directed else "undirected"
    name = str(_graph_attrs(body).get("name", ""))
    _open(xml, "graph", {"defaultedgetype": direction, "mode": "static", "name": name})
    for scope in ("node", "edge"):
        _gexf_declarations(xml, declared, scope)
    _open(xml, "nodes", {})
    for node in body.nodes:
        _gexf_node(xml, declared, node)
    _close(xml, "nodes")
    _open(xml, "edges", {})
    for number, edge in enumerate(body.edges):
        _gexf_edge(xml, declared, number, edge)
    _close(xml, "edges")
    _close(xml, "graph")
    _close(xml, "gexf")
    xml.endDocument()


def _widest(kinds: set[str]) -> str:
    if len(kinds) == 1:
        return next(iter(kinds))
    return "double" if kinds <= {"long", "double"} else "string"


def _gexf_attributes(body: Body) -> Declared:
    """``(scope, title)`` → ``(id, type)`` of every attribute the nodes and edges hold."""
    titles = [
        (scope, title, _widest(kinds))
        for (scope, title), kinds in sorted(body.kinds.items())
        if title not in _GEXF_OWN[scope]
    ]
    if body.shape.multigraph:
        titles.append(("edge", "networkx_key", "long"))
    return {(scope, title): (str(n), kind) for n, (scope, title, kind) in enumerate(titles)}


def _gexf_declarations(xml: XMLGenerator, declared: Declared, scope: str) -> None:
    mine = [(title, ident, kind) for (s, title), (ident, kind) in declared.items() if s == scope]
    if not mine:
        return  # networkx writes no empty <attributes>, and its reader would note one
    _open(xml, "attributes", {"class": scope, "mode": "static"})
    for title, ident, kind in mine:
        _leaf(xml, "attribute", {"id": ident, "title": title, "type": kind})
    _close(xml, "attributes")


def _gexf_value(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    text = str(value)
    return _GEXF_FLOATS.get(text, text) if isinstance(value, float) else text


def _gexf_node(xml: XMLGenerator, declared: Declared, node: Node) -> None:
    label = str(node.attrs.get("label", node.id))
    _start(xml, "node", {"id": str(node.id), "label": label})
    _gexf_values(xml, declared, "node", _gexf_data("node", node.attrs))
    _close(xml, "node")


def _gexf_edge(xml: XMLGenerator, declared: Declared, number: int, edge: Edge) -> None:
    attrs = {"source": str(edge.source), "target": str(edge.target), "id": str(number)}
    attrs |= {own: str(edge.attrs[own]) for own in _GEXF_OWN["edge"] if own in edge.attrs}
    values = _gexf_data("edge", edge.attrs)
    if edge.key is not None:
        values.append(("networkx_key", edge.key))
    _start(xml, "edge", attrs)
    _gexf_values(xml, declared, "edge", values)
    _close(xml, "edge")


def _gexf_data(scope: str, attrs: Attrs) -> list[tuple[str, Any]]:
    return [(title, value) for title, value in attrs.items() if title not in _GEXF_OWN[scope]]


def _gexf_values(
    xml: XMLGenerator, declared: Declared, scope: str, values: list[tuple[str, Any]]
) -> None:
    if not values:
        return  # as networkx: no empty <attvalues>
    _start(xml, "attvalues", {})
    for title, value in values:
        _start(xml, "attvalue", {"for": declared[scope, title][0], "value": _gexf_value(value)})
        xml.endElement("attvalue")
    xml.endElement("attvalues")
