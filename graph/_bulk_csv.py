"""The CSV files ``neo4j-admin database import full`` reads, written as the rows stream in.

One file per label (nodes) and per relationship type and end labels, each with the header the
importer reads (``:ID(Space)``, ``:LABEL``, ``name:type``, ``:START_ID(Space)`` …). Every column
is declared here with its type, so a property the write path gains that this file does not know
fails the import loudly instead of going missing.

The importer cannot write two kinds of value: an empty list (an empty field is an absent
property) and a list holding an empty string or the array delimiter. Such values are left out
of the file and kept in :attr:`CsvFiles.fixes`, for :mod:`graph.bulk` to set after the import.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from graph._bulk_tables import Edge, Node
from papergraph.errors import InvalidInputError

__all__ = ["ARRAY_DELIMITER", "CsvFiles", "Fix"]

#: Between the elements of a list value: the ASCII unit separator, which text never holds
#: (a value that does is set after the import instead).
ARRAY_DELIMITER = "\x1f"
_S, _L, _D, _B = "string", "long", "double", "boolean"
_EVIDENCE = {
    "evidenceField": _S,
    "evidenceStart": _L,
    "evidenceEnd": _L,
    "evidenceText": _S,
    "sentenceStart": _L,
    "sentenceEnd": _L,
    "sentence": _S,
}
_COPIES = {"sortScore": _D, "sortNewest": _L, "sortOldest": _L, "sortTitle": _S, "paperId": _S}
_TREND = {"trendYears": "long[]", "trendPapers": "long[]", "trendTotal": _L}
_CLAIM = {
    "variantOf": _S,
    "variantField": _S,
    "variantStart": _L,
    "variantEnd": _L,
    "variantText": _S,
    "variantSentence": _S,
    "variantSentenceStart": _L,
    "variantSentenceEnd": _L,
}
_METHOD_EDGE = {"score": _D, "rank": _L, "extractor": _S, **_EVIDENCE, **_CLAIM}
_METHOD_EDGE |= {"aliases": "string[]", "methodKey": _S, "kindSaid": _S, "kindCue": _S, **_COPIES}
_NODES: dict[str, dict[str, str]] = {
    "Paper": {
        **dict.fromkeys(("id", "matchKey", "contentHash", "title", "label", "abstract"), _S),
        "altIds": "string[]",
        "year": _L,
        **dict.fromkeys(("venue", "status", "source", "extractor"), _S),
        **dict.fromkeys(("authors", "keywords", "acronyms"), "string[]"),
        "embedding": "double[]",
        **dict.fromkeys(("doi", "arxivId", "openalexId", "s2Id", "url", "authorText"), _S),
        "sortTitle": _S,
        "sortNewest": _L,
        "sortOldest": _L,
    },
    "Concept": {"key": _S, "name": _S, "aliases": "string[]", **_TREND}
    | {"broaderPending": _B, "resolvePending": _B},
    "Method": {"key": _S, "name": _S, "aliases": "string[]", "kind": _S}
    | {"expansionKeys": "string[]", **_TREND, "resolvePending": _B},
    "Author": {"key": _S, "name": _S, "nameKey": _S, "ids": "string[]", "orcid": _S},
    "CitedWork": {"id": _S},
    "AcronymDefinition": {"acronym": _S, "key": _S, "paperId": _S},
    "YearTotal": {"year": _L, "papers": _L},
}
_EDGES: dict[str, dict[str, str]] = {
    "MENTIONS": {"score": _D, "rank": _L, "source": _S, "extractor": _S, **_EVIDENCE}
    | {"aliases": "string[]", "conceptKey": _S, **_COPIES},
    "PROPOSES": _METHOD_EDGE,
    "USES": _METHOD_EDGE,
    "RELATED_TO": {"weight": _L},
    "WROTE": {"position": _L},
    "CITES": {},
    "DEFINES_ACRONYM": {},
}
#: Paper lists the import leaves absent when empty, made [] by bulk_fill_papers.
PAPER_LISTS = frozenset({"authors", "keywords", "acronyms"})


@dataclass(frozen=True)
class Fix:
    """A property value the files cannot hold, set after the import: on the node ``key`` of
    ``label``, or on the edge ``type`` from the paper ``key`` to the node keyed ``end``."""

    label: str
    key: str
    props: dict[str, Any]
    type: str | None = None
    end: str | None = None


@dataclass
class CsvFiles:
    """The import's files in ``folder``, opened as the first row of each kind arrives."""

    folder: Path
    fixes: list[Fix] = field(default_factory=list)
    _open: dict[tuple[str, ...], tuple[IO[str], dict[str, str]]] = field(default_factory=dict)

    def write(self, items: Iterable[Node | Edge]) -> None:
        """Append each node or edge to its file."""
        for item in items:
            if isinstance(item, Node):
                self._node(item)
            else:
                self._edge(item)

    def close(self) -> None:
        for out, _ in self._open.values():
            out.close()

    def arguments(self) -> list[str]:
        """The importer's ``--nodes``/``--relationships`` arguments for the files written."""
        return [
            f"--{'nodes' if kind[0] == 'node' else 'relationships'}={self.folder / _name(kind)}"
            for kind in self._open
        ]

    def _node(self, node: Node) -> None:
        space = node.labels[0]
        out, columns = self._file(("node", space), _NODES[space], f":ID({space}),:LABEL")
        fields = [_text(node.id), _text(ARRAY_DELIMITER.join(node.labels))]
        fields += self._values(node.props, columns, Fix(space, _fix_key(node), {}))
        out.write(",".join(fields) + "\n")

    def _edge(self, edge: Edge) -> None:
        start, end = edge.spaces
        header = f":START_ID({start}),:END_ID({end}),:TYPE"
        out, columns = self._file(("edge", edge.type, start, end), _EDGES[edge.type], header)
        fix = Fix("Paper", edge.start, {}, edge.type, edge.end)
        fields = [_text(edge.start), _text(edge.end), _text(edge.type)]
        out.write(",".join(fields + self._values(edge.props, columns, fix)) + "\n")

    def _file(
        self, kind: tuple[str, ...], columns: dict[str, str], ids: str
    ) -> tuple[IO[str], dict[str, str]]:
        if kind not in self._open:
            out = (self.folder / _name(kind)).open("w", encoding="utf-8", newline="")
            out.write(",".join([ids, *(f"{name}:{t}" for name, t in columns.items())]) + "\n")
            self._open[kind] = (out, columns)
        return self._open[kind]

    def _values(self, props: dict[str, Any], columns: dict[str, str], fix: Fix) -> list[str]:
        unknown = set(props) - set(columns)
        if unknown:
            raise InvalidInputError(
                f"The bulk import does not know the properties {sorted(unknown)} of "
                f"{fix.type or fix.label}: add them to graph/_bulk_csv.py."
            )
        fields = []
        for name, kind in columns.items():
            value = props.get(name)
            if isinstance(value, list) and not _fits(value):
                if not (
                    fix.label == "Paper" and fix.type is None and not value and name in PAPER_LISTS
                ):
                    fix.props[name] = value
                value = None
            fields.append(_field(value, kind))
        if fix.props:
            self.fixes.append(fix)
        return fields


def _fix_key(node: Node) -> str:
    return str(node.props.get("key", node.id))


def _name(kind: tuple[str, ...]) -> str:
    return "-".join(kind) + ".csv"


def _fits(value: list[Any]) -> bool:
    """Whether the importer reads the list back as it is."""
    texts = [v for v in value if isinstance(v, str)]
    return bool(value) and all(t and ARRAY_DELIMITER not in t for t in texts)


def _field(value: Any, kind: str) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        element = kind.removesuffix("[]")
        return _text(ARRAY_DELIMITER.join(_scalar(v, element) for v in value))
    return _text(value) if kind == _S else _scalar(value, kind)


def _scalar(value: Any, kind: str) -> str:
    if kind == _B:
        return "true" if value else "false"
    if kind == _D:
        number = float(value)
        if not math.isfinite(number):
            raise InvalidInputError(f"The bulk import cannot write the number {number}.")
        return repr(number)
    if kind == _L:
        return str(int(value))
    return str(value)


def _text(value: object) -> str:
    return '"' + str(value).replace('"', '""') + '"'
