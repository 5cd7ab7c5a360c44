"""Read the graph out of Neo4j in pages, as plain node and edge records (for ``graph.export``).

Papers, concepts, methods, authors, cited works and topics are read in keyset pages ordered by
their unique key (index-backed, so every page is a cheap seek and a retried page returns the
same rows); a page is one managed read transaction. A filtered export first selects its papers,
then fetches only the concepts, methods, authors, cited works and topics those papers link to,
in chunks of keys. A paper comes with its own relationships: the MENTIONS, PROPOSES, USES, CITES
and HAS_TOPIC it has and the WROTE its authors have; a concept with its BROADER and IN_TOPIC.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, LiteralString

from neo4j import Driver

from graph.cypher import query
from papergraph.errors import InvalidInputError, NotFoundError

__all__ = ["EdgeRecord", "NodeRecord", "Scope", "node_id", "stream_nodes", "stream_papers"]

_PAPERS = query("export_papers")
_CONCEPTS = query("export_concepts")
_METHODS = query("export_methods")
_METHOD_DEGREES = query("export_method_degrees")
_SEED = query("export_seed_paper")
_NEIGHBOURS = query("export_paper_neighbours")
_NODE_QUERIES: dict[str, LiteralString] = {
    "Concept": _CONCEPTS,
    "Method": _METHODS,
    "Author": query("export_authors"),
    "CitedWork": query("export_cited_works"),
    "Topic": query("export_topics"),
}
MAX_HOPS = 5
#: Relationships one page of methods may carry: a method's RELATED_TO edges run to thousands on
#: a big graph, so a page of a thousand methods held a million of them in memory.
EDGE_BUDGET = 20_000


@dataclass(frozen=True)
class Scope:
    """Which papers an export covers; every filter given must hold (``None`` = no filter)."""

    concept: str | None = None
    method: str | None = None
    year: int | None = None
    venue: str | None = None
    seed_paper: str | None = None
    hops: int = 1

    @property
    def everything(self) -> bool:
        """True when no filter is set: the export is the whole graph."""
        filters = (self.concept, self.method, self.year, self.venue, self.seed_paper)
        return all(value is None for value in filters)


@dataclass(frozen=True)
class NodeRecord:
    """A node as read: its networkx id, labels and properties (``None`` values dropped)."""

    id: str
    labels: tuple[str, ...]
    props: dict[str, Any]


@dataclass(frozen=True)
class EdgeRecord:
    """A relationship as read, between two networkx node ids."""

    source: str
    target: str
    type: str
    props: dict[str, Any]


def node_id(label: str, key: str) -> str:
    """The networkx node id of a node: ``"Paper:<id>"``, ``"Concept:<key>"``, ``"Method:<key>"``,
    ``"Author:<key>"``, ``"CitedWork:<id>"``, ``"Topic:<id>"``."""
    return f"{label}:{key}"


def stream_papers(
    driver: Driver, *, database: str, scope: Scope, page_size: int, embeddings: bool
) -> Iterator[tuple[NodeRecord, list[EdgeRecord]]]:
    """Every paper in ``scope`` with its outgoing relationships, one page at a time."""
    ids = _neighbourhood(driver, database, scope) if scope.seed_paper is not None else None
    params = {
        "ids": ids,
        "concept": scope.concept,
        "method": scope.method,
        "year": scope.year,
        "venue": scope.venue,
        "embeddings": embeddings,
        "limit": page_size,
    }
    after = ""
    while True:
        rows = _read(driver, database, _PAPERS, after=after, **params)
        for row in rows:
            paper = node_id("Paper", row["id"])
            yield _node("Paper", row["id"], row), _edges(paper, row) + _wrote(paper, row)
        if len(rows) < page_size:
            return
        after = rows[-1]["id"]


def stream_nodes(
    driver: Driver, *, database: str, label: str, keys: Sequence[str] | None, page_size: int
) -> Iterator[tuple[NodeRecord, list[EdgeRecord]]]:
    """Concepts, methods, authors, cited works or topics (``label``): every one when ``keys`` is None,
    else those keys. Methods come in pages of at most :data:`EDGE_BUDGET` relationships."""
    statement = _NODE_QUERIES[label]
    if label == "Method":
        for chunk in _method_pages(driver, database, keys, page_size):
            rows = _read(driver, database, statement, after="", limit=len(chunk), keys=chunk)
            yield from _with_edges(label, rows)
        return
    if keys is not None:
        ordered = sorted(set(keys))
        for start in range(0, len(ordered), page_size):
            chunk = ordered[start : start + page_size]
            rows = _read(driver, database, statement, after="", limit=len(chunk), keys=chunk)
            yield from _with_edges(label, rows)
        return
    after = ""
    while True:
        rows = _read(driver, database, statement, after=after, limit=page_size, keys=None)
        yield from _with_edges(label, rows)
        if len(rows) < page_size:
            return
        after = rows[-1]["key"]


def _method_pages(
    driver: Driver, database: str, keys: Sequence[str] | None, page_size: int
) -> Iterator[list[str]]:
    """The keys of the methods to export, in pages of at most ``page_size`` methods and
    :data:`EDGE_BUDGET` relationships (a method over the budget is a page of its own)."""
    wanted = None if keys is None else sorted(set(keys))
    after, edges = "", 0
    page: list[str] = []
    while True:
        rows = _read(driver, database, _METHOD_DEGREES, after=after, limit=page_size, keys=wanted)
        for row in rows:
            if page and (len(page) == page_size or edges + row["edges"] > EDGE_BUDGET):
                yield page
                page, edges = [], 0
            page.append(row["key"])
            edges += row["edges"]
        if len(rows) < page_size:
            break
        after = rows[-1]["key"]
    if page:
        yield page


def _with_edges(
    label: str, rows: list[dict[str, Any]]
) -> Iterator[tuple[NodeRecord, list[EdgeRecord]]]:
    for row in rows:
        yield _node(label, row["key"], row), _edges(node_id(label, row["key"]), row)


def _neighbourhood(driver: Driver, database: str, scope: Scope) -> list[str]:
    if not 0 <= scope.hops <= MAX_HOPS:
        raise InvalidInputError(f"hops must be between 0 and {MAX_HOPS}, got {scope.hops}.")
    found = _read(driver, database, _SEED, id=scope.seed_paper)
    if not found:
        raise NotFoundError(f"No paper has the id {scope.seed_paper!r}: check the seed paper id.")
    selected = [found[0]["id"]]
    for _ in range(scope.hops):
        rows = _read(driver, database, _NEIGHBOURS, ids=selected)
        if not rows:
            break
        selected += [row["id"] for row in rows]
    return selected


def _read(
    driver: Driver, database: str, statement: LiteralString, **params: Any
) -> list[dict[str, Any]]:
    records, _, _ = driver.execute_query(statement, params, database_=database, routing_="r")
    return [record.data() for record in records]


def _node(label: str, key: str, row: dict[str, Any]) -> NodeRecord:
    props = {name: value for name, value in row["props"].items() if value is not None}
    return NodeRecord(id=node_id(label, key), labels=tuple(row["labels"]), props=props)


def _edges(source: str, row: dict[str, Any]) -> list[EdgeRecord]:
    return [
        EdgeRecord(
            source=source,
            target=node_id(edge["label"], edge["key"]),
            type=edge["type"],
            # the keys export_papers leaves out come back as nulls (a stored property never is)
            props={name: value for name, value in edge["props"].items() if value is not None},
        )
        for edge in row.get("edges", [])
    ]


def _wrote(paper: str, row: dict[str, Any]) -> list[EdgeRecord]:
    """The WROTE relationships of the paper's authors (from each author to ``paper``)."""
    return [
        EdgeRecord(
            source=node_id("Author", author["key"]),
            target=paper,
            type="WROTE",
            props=dict(author["props"]),
        )
        for author in row.get("authors", [])
    ]
