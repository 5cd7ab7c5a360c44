"""Per-format parsers: text in, raw records (line number + field mapping) out.

Parsers do not validate fields; :mod:`loaders._validate` does. They yield a
:class:`CorpusError` for a record that cannot be parsed and carry on with the next one.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import NoReturn, TextIO

from loaders.records import CorpusWarning
from papergraph.errors import CorpusError

__all__ = ["RawRecord", "csv_header", "parse_csv", "parse_json_array", "parse_jsonl", "parse_text"]

_LIST_COLUMNS = frozenset({"keywords", "authors"})
_HEADING_MAX = 120
_TITLE_MAX = 300
#: A first line this share of the second's length or more is a hard-wrapped line, no title.
_WRAPPED_WIDTH = 0.75
_HEADING_YEAR = re.compile(r"^(?P<venue>.*?)\b(?P<year>(?:19|20)\d\d)\b")


@dataclass(frozen=True, slots=True)
class RawRecord:
    """Fields of one record as found in the file, and the line it starts on."""

    line: int
    fields: Mapping[str, object]


Parsed = Iterator[RawRecord | CorpusError | CorpusWarning]


# --- JSON Lines ---------------------------------------------------------------------------


def parse_jsonl(stream: Iterable[str], *, path: str) -> Parsed:
    """One JSON object per line; blank lines are ignored."""
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except (ValueError, RecursionError) as e:
            yield CorpusError(f"{_json_problem(e)}; fix or remove the line", path=path, line=number)
            continue
        yield _as_object(value, path=path, line=number)


def _json_problem(error: ValueError | RecursionError) -> str:
    if isinstance(error, json.JSONDecodeError):
        return f"not valid JSON: {error.msg} (column {error.pos + 1})"
    if isinstance(error, RecursionError):
        return "not usable JSON: nested too deeply"
    return f"not usable JSON: {error}"  # e.g. an integer with more than 4,300 digits


def _as_object(value: object, *, path: str, line: int) -> RawRecord | CorpusError:
    if isinstance(value, dict):
        return RawRecord(line, value)
    reason = f"expected a JSON object with an 'abstract' key, not {type(value).__name__}"
    return CorpusError(reason, path=path, line=line)


# --- JSON array ---------------------------------------------------------------------------


def parse_json_array(text: str, *, path: str) -> list[RawRecord | CorpusError]:
    """A top-level array of objects; raises :class:`CorpusError` if the JSON is invalid.

    Elements are decoded one at a time so that each record knows its line number.
    """
    decoder = json.JSONDecoder()
    at = _skip_space(text, 0)
    if not text.startswith("[", at):
        reason = (
            "expected a JSON array of paper objects; for one object per line use --format jsonl"
        )
        raise CorpusError(reason, path=path)
    items: list[RawRecord | CorpusError] = []
    line, counted = 1, 0
    at = _skip_space(text, at + 1)
    while not text.startswith("]", at):
        line, counted = line + text.count("\n", counted, at), at
        value, end = _decode(decoder, text, at, path=path)
        items.append(_as_object(value, path=path, line=line))
        at = _after_element(text, end, path=path)
    if text[at + 1 :].strip():
        _fail("unexpected text after the closing ']'", text, at + 1, path=path)
    return items


def _decode(decoder: json.JSONDecoder, text: str, at: int, *, path: str) -> tuple[object, int]:
    try:
        return decoder.raw_decode(text, at)
    except (ValueError, RecursionError) as e:
        line = e.lineno if isinstance(e, json.JSONDecodeError) else text.count("\n", 0, at) + 1
        raise CorpusError(f"{_json_problem(e)}; fix the file", path=path, line=line) from e


def _after_element(text: str, end: int, *, path: str) -> int:
    at = _skip_space(text, end)
    if text.startswith(",", at):
        return _skip_space(text, at + 1)
    if text.startswith("]", at):
        return at
    _fail("expected ',' or ']' after an array element", text, at, path=path)


def _fail(reason: str, text: str, at: int, *, path: str) -> NoReturn:
    raise CorpusError(
        f"not valid JSON: {reason}; fix the file", path=path, line=text.count("\n", 0, at) + 1
    )


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


# --- CSV ----------------------------------------------------------------------------------


def csv_header(first_line: str) -> list[str]:
    """Column names of a CSV header line, stripped and lower-cased."""
    return _names(next(csv.reader([first_line]), []))


def _names(row: list[str]) -> list[str]:
    names = [name.strip().lower() for name in row]
    if _ZOTERO_ABSTRACT in names:  # Zotero's own CSV export
        return [_ZOTERO_COLUMNS.get(name, name) for name in names]
    return names


#: The columns of Zotero's CSV export ("Export Collection… → CSV") that papergraph reads, as
#: the fields of our schema; its other columns are ignored.
_ZOTERO_ABSTRACT = "abstract note"
_ZOTERO_COLUMNS = {
    _ZOTERO_ABSTRACT: "abstract",
    "author": "authors",
    "publication year": "year",
    "publication title": "venue",
    "manual tags": "keywords",
}


def parse_csv(stream: TextIO, *, path: str) -> Parsed:
    """A header row naming at least ``abstract``; ``keywords``/``authors`` cells split on ``;``."""
    reader = csv.reader(stream)
    header = _names(next(reader, []))
    end = reader.line_num
    while True:
        start = end + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            yield CorpusError(_csv_problem(e), path=path, line=start)
            row = []
        end = reader.line_num
        if any(cell.strip() for cell in row):
            yield _csv_record(header, row, path=path, line=start)


def _csv_problem(error: csv.Error) -> str:
    if "field limit" in str(error):
        limit = csv.field_size_limit()
        return f"a cell is longer than {limit:,} characters; the abstract limit is 100,000"
    return f"not valid CSV: {error}; fix the row"


def _csv_record(
    header: list[str], row: list[str], *, path: str, line: int
) -> RawRecord | CorpusError:
    if len(row) > len(header):
        return CorpusError(
            f"the row has {len(row)} cells but the header has {len(header)}; "
            "quote cells that contain commas",
            path=path,
            line=line,
        )
    fields: dict[str, object] = {}
    for name, cell in zip(header, row, strict=False):
        if name in _LIST_COLUMNS:
            fields[name] = cell.split(";")
        elif cell.strip():
            fields[name] = cell
    return RawRecord(line, fields)


# --- seed text ----------------------------------------------------------------------------


def parse_text(stream: Iterable[str], *, path: str) -> Parsed:
    """One abstract per blank-line-separated paragraph; a short first line is a heading.

    A heading naming a year gives every paper below it that year, and the words before the
    year their venue: ``ICLR 2025 Papers`` is venue ``ICLR``, year 2025, as the ICLR corpora
    spell them. A paragraph may open with its paper's title on a line of its own
    (:func:`_title_line`); read into the abstract, it would run into the first sentence
    (``A Benchmark Study on Calibration Deep neural networks are ...``).
    """
    context: dict[str, object] = {}
    for index, (line, lines) in enumerate(_paragraphs(stream)):
        if _is_heading(lines, first=index == 0):
            context = _heading_fields(lines[0])
        elif _title_line(lines):
            fields = {"title": lines[0].lstrip("# "), "abstract": " ".join(lines[1:])}
            yield RawRecord(line, fields | context)
        else:
            yield RawRecord(line, {"abstract": " ".join(lines), **context})


def _heading_fields(heading: str) -> dict[str, object]:
    found = _HEADING_YEAR.search(heading.lstrip("# "))
    if found is None:
        return {}
    venue = found.group("venue").strip(" :-–—,")
    return {"year": int(found.group("year"))} | ({"venue": venue} if venue else {})


def _paragraphs(stream: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    start, lines = 0, list[str]()
    for number, raw in enumerate(stream, start=1):
        text = raw.strip()
        if text and not lines:
            start = number
        if text:
            lines.append(text)
        elif lines:
            yield start, lines
            lines = []
    if lines:
        yield start, lines


def _title_line(lines: list[str]) -> bool:
    """Whether a paragraph's first line is a title: a line that ends no sentence or clause,
    before one that starts a sentence, and shorter than it. A hard-wrapped abstract's lines
    are of one width and mostly run on in lower case (``… satellite images`` / ``improves
    crop-type classification …``); a title is shorter than the text it heads."""
    if len(lines) < 2 or len(lines[0]) > _TITLE_MAX:
        return False
    title, text = lines[0], lines[1]
    if title.endswith((".", ",", ";", ":", "-")) or not text[:1].isupper():
        return False
    return len(title) < (len(text) if len(lines) == 2 else _WRAPPED_WIDTH * len(text))


def _is_heading(lines: list[str], *, first: bool) -> bool:
    if len(lines) != 1:
        return False
    text = lines[0]
    if text.startswith("#"):
        return True
    return first and len(text) <= _HEADING_MAX and not text.endswith((".", "!", "?"))
