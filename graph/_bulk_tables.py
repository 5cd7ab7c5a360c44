"""What the write path would store for a first load into an empty graph, computed in Python.

A first load into an empty graph writes the same graph whatever its batches (the property
``tests/integration/test_load_batching.py`` pins), so it is computed here as the one batch
holding every paper: the statements of :func:`graph.writes.upsert_papers` replayed in their
order, each ``MERGE`` of a node by its key a dictionary entry, each ``UNWIND`` a loop in input
order, with the row builders the write path itself uses. What the statements settle after a
batch (untyped uses waiting for a method, VARIANT_OF, the RELATED_TO pair keys, the
resolution, the hierarchy, the topics) is left to those same statements after the import
(see :mod:`graph.bulk`).

Papers stream through :meth:`BulkTables.add` (their nodes and edges are written out at once);
concepts, methods, authors and the per-node counts stay in memory until
:meth:`BulkTables.finish`.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from graph._authors import AuthorGroup, AuthorInput, author_rows
from graph.writes import PaperRow, author_inputs, edge_row, method_edge_row, paper_properties
from papergraph.errors import InvalidInputError

__all__ = ["KIND_LABELS", "BulkTables", "Edge", "Node"]

#: The second label a method of each kind carries (label_method_kinds).
KIND_LABELS = {
    "model": "Model",
    "dataset": "Dataset",
    "benchmark": "Benchmark",
    "metric": "Metric",
    "tool": "Tool",
}
#: The identifiers by which upsert_papers finds a stored paper, strongest first.
_IDENTIFIERS = ("id", "doi", "arxivId", "openalexId", "s2Id")
#: The edge properties merge_mentions and merge_methods take from the row, besides evidence.
_MENTION_FIELDS = ("score", "rank", "source", "extractor")
_METHOD_FIELDS = ("score", "rank", "extractor")
#: The end of each relationship type (its start is a Paper unless said here).
_SPACES = {
    "MENTIONS": ("Paper", "Concept"),
    "PROPOSES": ("Paper", "Method"),
    "USES": ("Paper", "Method"),
    "RELATED_TO": ("Method", "Concept"),
    "WROTE": ("Author", "Paper"),
    "DEFINES_ACRONYM": ("Paper", "AcronymDefinition"),
}


@dataclass(frozen=True)
class Node:
    """A node to import: its id in its id space (its first label), labels and properties
    (a None value: the property is absent)."""

    id: str
    labels: tuple[str, ...]
    props: dict[str, Any]


@dataclass(frozen=True)
class Edge:
    """A relationship to import, between the ids ``start`` and ``end`` of the id spaces
    ``spaces``."""

    start: str
    type: str
    end: str
    props: dict[str, Any]
    spaces: tuple[str, str]


def edge(start: str, type_: str, end: str, props: dict[str, Any]) -> Edge:
    return Edge(start, type_, end, props, _SPACES[type_])


@dataclass
class _Concept:
    name: str
    aliases: list[str]
    years: Counter[int] = field(default_factory=Counter)


@dataclass
class _Method:
    name: str
    aliases: list[str]
    kind: str | None
    expansion_keys: list[str] = field(default_factory=list)
    years: Counter[int] = field(default_factory=Counter)


@dataclass
class _Paper:
    """What is kept of a streamed paper until the end: how it links, for the late steps."""

    match_key: str
    year: int | None
    concepts: list[str]
    methods: list[str]
    untyped: list[dict[str, Any]]
    references: tuple[str, ...]
    copies: dict[str, Any]  # the keys its edges copy (see merge_mentions)


class BulkTables:
    """The rows of one first load, replayed as one batch of :func:`graph.writes.upsert_papers`."""

    def __init__(self) -> None:
        self.concepts: dict[str, _Concept] = {}
        self.methods: dict[str, _Method] = {}
        self.papers: list[_Paper] = []
        #: keys of methods some paper calls a variant (refresh_variants' input)
        self.variant_keys: set[str] = set()
        self._owners: dict[tuple[str, str], str] = {}  # (identifier, value) -> paper id
        self._match_keys: dict[str, str] = {}  # paper id -> matchKey
        self._years: Counter[int] = Counter()
        self._authors: list[AuthorInput] = []
        self._definitions = 0

    def add(self, papers: Sequence[PaperRow]) -> Iterator[Node | Edge]:
        """Take the next papers in input order; yield their nodes and their edges to concepts,
        typed methods and acronym definitions (the rest comes from :meth:`finish`)."""
        for paper in papers:
            yield from self._add(paper)

    def _add(self, paper: PaperRow) -> Iterator[Node | Edge]:
        props = paper_properties(paper) | _sort_keys(paper)
        del props["sourceId"]  # upsert_papers reads it, stores it nowhere
        self._claim_identity(props)
        self._match_keys[paper.id] = paper.match_key
        yield Node(paper.match_key, ("Paper",), props)
        copies = _paper_copies(props)
        mentions = [edge_row(paper, m) for m in paper.mentions]
        methods = [method_edge_row(paper, m) for m in paper.methods]
        typed = [r for r in methods if r["methodKind"] is not None]
        for row in mentions:
            self._merge_concept(row)
            yield edge(paper.match_key, "MENTIONS", row["key"], _mention_props(row, copies))
        for row in typed:
            self._merge_method(row)
            yield edge(paper.match_key, row["kind"], row["key"], _method_props(row, copies))
        yield from self._acronym_definitions(paper)
        self.variant_keys.update(r["key"] for r in methods if r["variantOf"] is not None)
        self._authors += author_inputs(paper)
        if paper.year is not None:
            self._years[paper.year] += 1
        untyped = [r for r in methods if r["methodKind"] is None]
        concepts, named = [r["key"] for r in mentions], [r["key"] for r in typed]
        self.papers.append(
            _Paper(paper.match_key, paper.year, concepts, named, untyped, paper.references, copies)
        )

    def _claim_identity(self, props: dict[str, Any]) -> None:
        """Refuse a paper that one before it in the input already is (the same match key or
        identifier): the online load merges such records into one node."""
        for name in ("matchKey", *_IDENTIFIERS):
            value = props[name]
            if value is None:
                continue
            if self._owners.setdefault((name, value), props["id"]) != props["id"]:
                raise InvalidInputError(
                    f"Two papers of the input share the {name} {value!r}: a bulk load writes "
                    "each paper once. Load this input with `papergraph load` without --bulk, "
                    "which merges them."
                )

    def _merge_concept(self, row: dict[str, Any]) -> None:
        """merge_mentions: the first paper's name unless one spells it with fewer capitals;
        the aliases every paper writes, in the order they come."""
        concept = self.concepts.get(row["key"])
        if concept is None:
            self.concepts[row["key"]] = _Concept(row["name"], list(row["aliases"]))
            return
        _extend(concept.aliases, row["aliases"])
        name = row["name"]
        if name.lower() == concept.name.lower() and _capitals(name) < _capitals(concept.name):
            concept.name = name

    def _merge_method(self, row: dict[str, Any]) -> None:
        """merge_methods: the kind the first paper gives (the resolution after the import
        counts the kind most papers give, as after an online load)."""
        method = self.methods.get(row["key"])
        if method is None:
            method = _Method(row["name"], list(row["aliases"]), row["methodKind"])
            self.methods[row["key"]] = method
        else:
            _extend(method.aliases, row["aliases"])
        _extend(method.expansion_keys, row["expansionKeys"] or [])

    def _acronym_definitions(self, paper: PaperRow) -> Iterator[Node | Edge]:
        """write_acronym_definitions: one node per acronym the paper defines (its smallest
        key), none with an empty side."""
        keys: dict[str, str] = {}
        for definition in (f"{acronym}={key}" for acronym, key in paper.acronyms):
            acronym, _, key = definition.partition("=")
            if acronym and key:
                keys[acronym] = min(keys.get(acronym, key), key)
        for acronym, key in keys.items():
            self._definitions += 1
            node = str(self._definitions)
            yield Node(
                node, ("AcronymDefinition",), {"acronym": acronym, "key": key, "paperId": paper.id}
            )
            yield edge(paper.match_key, "DEFINES_ACRONYM", node, {})

    def finish(self) -> Iterator[Node | Edge]:
        """Every node and edge that depends on the whole input, once every paper is added."""
        linked = self._link_untyped()
        for paper in self.papers:
            for row in linked.get(paper.match_key, []):
                yield edge(
                    paper.match_key, row["kind"], row["key"], _method_props(row, paper.copies)
                )
            paper.methods += [r["key"] for r in linked.get(paper.match_key, [])]
            self._count(paper)
        yield from self._concept_nodes()
        yield from self._method_nodes()
        yield from self._related()
        yield from self._author_rows()
        yield from self._citations()
        for year, papers in sorted(self._years.items()):
            yield Node(str(year), ("YearTotal",), {"year": year, "papers": papers})

    def waiting(self) -> list[dict[str, Any]]:
        """store_untyped_uses' rows of the papers whose untyped names no method has (each
        other paper's lists are empty)."""
        rows = []
        for paper in self.papers:
            waiting = [r for r in paper.untyped if r["key"] not in self.methods]
            if waiting:
                keys = [r["key"] for r in waiting]
                uses = [json.dumps(r) for r in waiting]
                rows.append({"matchKey": paper.match_key, "keys": keys, "uses": uses})
        return rows

    def _link_untyped(self) -> dict[str, list[dict[str, Any]]]:
        """link_known_methods: each untyped name of a method some paper typed, after every
        typed one (the batch's order), growing its aliases and expansion keys."""
        linked: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for paper in self.papers:
            for row in paper.untyped:
                method = self.methods.get(row["key"])
                if method is not None:
                    _extend(method.aliases, row["aliases"])
                    _extend(method.expansion_keys, row["expansionKeys"] or [])
                    linked[paper.match_key].append(row)
        return linked

    def _count(self, paper: _Paper) -> None:
        """move_trend_counts: +1 a dated paper under its year on each node it links to."""
        if paper.year is None:
            return
        for key in set(paper.concepts):
            self.concepts[key].years[paper.year] += 1
        for key in set(paper.methods):
            self.methods[key].years[paper.year] += 1

    def _concept_nodes(self) -> Iterator[Node]:
        for key, c in self.concepts.items():
            props = {"key": key, "name": c.name, "aliases": c.aliases, **_trend(c.years)}
            props |= {"broaderPending": True, "resolvePending": True}
            yield Node(key, ("Concept",), props)

    def _method_nodes(self) -> Iterator[Node]:
        for key, m in self.methods.items():
            props: dict[str, Any] = {"key": key, "name": m.name, "aliases": m.aliases}
            props |= {"kind": m.kind, "expansionKeys": m.expansion_keys}
            props |= {**_trend(m.years), "resolvePending": True}
            extra = KIND_LABELS.get(m.kind or "")
            yield Node(key, ("Method", extra) if extra else ("Method",), props)

    def _related(self) -> Iterator[Edge]:
        """link_related: RELATED_TO weight = papers that name the method and mention the
        concept (the pair key is filled in after the import, from the stored node ids)."""
        weights: Counter[tuple[str, str]] = Counter()
        for paper in self.papers:
            concepts = set(paper.concepts)
            weights.update((m, c) for m in set(paper.methods) for c in concepts)
        for (method, concept), weight in weights.items():
            yield edge(method, "RELATED_TO", concept, {"weight": weight})

    def _author_rows(self) -> Iterator[Node | Edge]:
        """merge_authors and merge_wrote over the batch's author groups."""
        groups, wrote = author_rows(self._authors)
        authors = _StoredAuthors()
        stored = {group.key: authors.merge(group) for group in groups}
        for key, props in authors.authors.items():
            yield Node(key, ("Author",), props)
        positions = {(stored[w["key"]], w["matchKey"]): w["position"] for w in wrote}
        for (author, match_key), position in positions.items():
            yield edge(author, "WROTE", match_key, {"position": position})

    def _citations(self) -> Iterator[Node | Edge]:
        """merge_citations: a reference to a paper of the input links to it, any other to a
        CitedWork placeholder keeping the id."""
        by_identifier: dict[str, str] = {}
        for name in reversed(_IDENTIFIERS):  # the strongest identifier wins
            by_identifier |= {v: k for (n, v), k in self._owners.items() if n == name}
        keys = self._match_keys
        works: dict[str, None] = {}
        edges: dict[tuple[str, str, str], None] = {}
        for paper in self.papers:
            for ref in paper.references:
                cited = by_identifier.get(ref)
                if cited is None:
                    works[ref] = None
                    edges[(paper.match_key, ref, "CitedWork")] = None
                elif keys[cited] != paper.match_key:
                    edges[(paper.match_key, keys[cited], "Paper")] = None
        for ref in works:
            yield Node(ref, ("CitedWork",), {"id": ref})
        for start, end, space in edges:
            yield Edge(start, "CITES", end, {}, ("Paper", space))


class _StoredAuthors:
    """merge_authors over every group of the input: the authors stored so far, in the order
    stored, found by id or ORCID, else by name where no id of the same source or other ORCID
    tells them apart; indexed, since a bulk load merges all its authors at once."""

    def __init__(self) -> None:
        self.authors: dict[str, dict[str, Any]] = {}
        self._order: dict[str, int] = {}
        self._orcid: dict[str, list[str]] = {}
        self._named: dict[str, list[str]] = {}

    def merge(self, group: AuthorGroup) -> str:
        """Store ``group`` (a new author under its key, or into the one found); returns the
        key it is stored under."""
        row = group.row()
        found = self._by_ids(row) or self._by_name(row)
        key = str(row["key"] if found is None else found["key"])
        author = self.authors.get(key)
        if author is None:
            author = {"key": key, "name": row["name"], "nameKey": row["nameKey"], "ids": []}
            self.authors[key], self._order[key] = author, len(self._order)
            self._named.setdefault(row["nameKey"], []).append(key)
        if not author.get("orcid") and row["orcid"]:
            self._orcid.setdefault(row["orcid"], []).append(key)
        author["orcid"] = author.get("orcid") or row["orcid"]
        _extend(author["ids"], row["ids"])
        return key

    def _by_ids(self, row: dict[str, Any]) -> dict[str, Any] | None:
        keys = [k for k in row["lookup"] if k in self.authors]
        keys += self._orcid.get(row["orcid"], []) if row["orcid"] else []
        return self.authors[min(keys, key=self._order.__getitem__)] if keys else None

    def _by_name(self, row: dict[str, Any]) -> dict[str, Any] | None:
        named = (self.authors[k] for k in self._named.get(row["nameKey"], []))
        return next((a for a in named if _same_name(a, row)), None)


def _same_name(author: dict[str, Any], row: dict[str, Any]) -> bool:
    if author["nameKey"] != row["nameKey"]:
        return False
    if author["orcid"] and row["orcid"] and author["orcid"] != row["orcid"]:
        return False
    return not any(i.split(":")[0] in row["sources"] and i not in row["ids"] for i in author["ids"])


def _sort_keys(paper: PaperRow) -> dict[str, Any]:
    """upsert_papers' second SET: the search text and the listing's sort keys."""
    return {
        "authorText": "; ".join(paper.authors),
        "sortTitle": (paper.title if paper.title is not None else paper.label).lower(),
        "sortNewest": -(paper.year or 0),
        "sortOldest": paper.year if paper.year is not None else 9999,
    }


def _paper_copies(paper: dict[str, Any]) -> dict[str, Any]:
    keys = ("sortNewest", "sortOldest", "sortTitle")
    return {**{k: paper[k] for k in keys}, "paperId": paper["id"]}


def _mention_props(row: dict[str, Any], copies: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {k: row[k] for k in _MENTION_FIELDS} | row["evidence"]
    props |= {"aliases": row["aliases"], "conceptKey": row["key"], "sortScore": -row["score"]}
    return props | copies


def _method_props(row: dict[str, Any], copies: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {k: row[k] for k in _METHOD_FIELDS} | row["evidence"]
    props |= row["claim"] or {}
    props |= {"aliases": row["aliases"], "methodKey": row["key"], "sortScore": -row["score"]}
    if row["methodKind"] is not None:  # an untyped use says no kind
        props["kindSaid"], props["kindCue"] = row["methodKind"], row["kindCue"]
    return props | copies


def _trend(years: Counter[int]) -> dict[str, Any]:
    dated = sorted((y, n) for y, n in years.items() if n)
    papers = [n for _, n in dated]
    return {"trendYears": [y for y, _ in dated], "trendPapers": papers, "trendTotal": sum(papers)}


def _capitals(text: str) -> int:
    return sum(1 for ch in text if ch != ch.lower())


def _extend(kept: list[str], more: Sequence[str]) -> None:
    """``kept + [a IN more WHERE NOT a IN kept]``: Cypher tests against the list before."""
    before = set(kept)
    kept.extend(a for a in more if a not in before)
