"""Read a corpus file of paper abstracts, whatever its format, as validated records.

Formats (``FORMATS``), each optionally gzip-compressed:

- ``jsonl``: one JSON object per line (``.jsonl``, ``.ndjson``);
- ``json``: a JSON array of objects (``.json``);
- ``csv``: a header row naming at least ``abstract`` (``.csv``);
- ``text``: one abstract per blank-line-separated paragraph, an optional heading line
  first (``.txt``, ``.md``), as in the seed files;
- ``bibtex`` (``.bib``), ``ris`` (``.ris``) and ``csl`` (CSL-JSON, an array): exports of
  Zotero, Mendeley or Google Scholar;
- ``openalex`` and ``s2``: OpenAlex works and Semantic Scholar Graph API papers, as JSON Lines
  or one page of the API's answer; ``arxiv``: the arXiv metadata snapshot (JSON Lines).

``auto`` tells the source formats apart by their content (a ``@article{`` entry, a
``TY  -`` tag, an ``abstract_inverted_index``, a ``paperId``, ``authors_parsed``, CSL's
``issued``), whatever the file's extension.

Problems with the whole file (missing, empty, not UTF-8 text, truncated gzip, unknown
format, invalid JSON array) raise :class:`CorpusError` as soon as :func:`read_corpus` is
called. Problems with one record are *yielded* as a :class:`CorpusError` in its place, so
the caller can skip it or abort; a record with an empty or placeholder abstract is yielded
as a :class:`CorpusWarning`, to be skipped.
"""

from __future__ import annotations

import codecs
import gzip
import io
import json
import re
import zlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from loaders import _bibliography, _formats, _scholarly
from loaders._validate import to_record
from loaders.records import CorpusWarning, PaperRecord
from papergraph.errors import CorpusError, InvalidInputError

__all__ = ["FORMATS", "detect_format", "read_corpus"]

FORMATS: tuple[str, ...] = (
    "jsonl",
    "json",
    "csv",
    "text",
    "bibtex",
    "ris",
    "csl",
    "openalex",
    "s2",
    "arxiv",
)
_ALIASES = {
    "ndjson": "jsonl",
    "txt": "text",
    "md": "text",
    "seed": "text",
    "bib": "bibtex",
    "csl-json": "csl",
    "semanticscholar": "s2",
}
_EXTENSIONS = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "json",
    ".csv": "csv",
    ".txt": "text",
    ".md": "text",
    ".bib": "bibtex",
    ".bibtex": "bibtex",
    ".ris": "ris",
}
#: Content that only one source's files have, checked in this order.
_MARKERS = (
    ("bibtex", re.compile(r"^\s*@[A-Za-z]+\s*[{(]", re.MULTILINE)),
    ("ris", re.compile(r"\A\s*TY {2}- ")),
    ("openalex", re.compile(r'"abstract_inverted_index"\s*:|"https://openalex\.org/W\d')),
    ("s2", re.compile(r'"paperId"\s*:')),
    ("arxiv", re.compile(r'"authors_parsed"\s*:')),
    ("csl", re.compile(r'\A\s*\[.*?"(?:issued|container-title)"\s*:', re.DOTALL)),
)
#: Record shapes of the JSON sources, as fields of our schema.
_CONVERTERS: dict[str, Callable[[Mapping[str, Any]], dict[str, object]]] = {
    "openalex": _scholarly.openalex_fields,
    "s2": _scholarly.s2_fields,
    "arxiv": _scholarly.arxiv_fields,
    "csl": _bibliography.csl_fields,
}
_GZIP_MAGIC = b"\x1f\x8b"
#: Documents people pass by mistake: a paper's full text is no corpus of abstracts.
_DOCUMENTS = (
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive or an office document (DOCX, XLSX)"),
)
_READABLE = (
    "a BibTeX, RIS or CSL-JSON export of a reference manager (Zotero, Mendeley), OpenAlex, "
    "Semantic Scholar or arXiv records, or abstracts as JSONL, JSON, CSV or plain text"
)
_HEAD_BYTES = 64 * 1024
_MAX_BAD_SHARE = 0.10  # above this share of NUL/undecodable characters the file is not text
_GZIP_ERRORS = (EOFError, zlib.error, gzip.BadGzipFile)


def read_corpus(
    path: Path, *, fmt: str = "auto"
) -> Iterator[PaperRecord | CorpusError | CorpusWarning]:
    """Yield a :class:`PaperRecord` per paper in ``path``, a :class:`CorpusError` per bad record
    and a :class:`CorpusWarning` per record skipped on purpose.

    ``fmt`` is ``"auto"`` or one of :data:`FORMATS`. Raises :class:`CorpusError` at once
    for file-level problems and :class:`InvalidInputError` for an unknown ``fmt``.
    """
    path = Path(path)
    chosen = _chosen_format(fmt)
    head = _inspect(path)
    chosen = chosen or _detect(path, head)
    if chosen in ("json", "csl"):
        raw = _formats.parse_json_array(_read_all(path), path=str(path))
        items = (
            _scholarly.converted(raw, _CONVERTERS["csl"], path=str(path))
            if chosen == "csl"
            else raw
        )
        return (_validated(item, path) for item in items)
    if chosen in ("bibtex", "ris"):
        parse = _bibliography.parse_bibtex if chosen == "bibtex" else _bibliography.parse_ris
        return (_validated(item, path) for item in parse(_read_all(path), path=str(path)))
    if chosen in _scholarly.PAGE_KEYS and _is_page(head):
        key, convert = _scholarly.PAGE_KEYS[chosen], _CONVERTERS[chosen]
        works = _scholarly.parse_page(_read_all(path), key, convert, path=str(path))
        return (_validated(item, path) for item in works)
    if chosen == "csv":
        _check_csv_header(head, path)
    return _stream(path, chosen)


def detect_format(path: Path) -> str:
    """Return the format of ``path`` (one of :data:`FORMATS`) from its name or first bytes."""
    path = Path(path)
    return _detect(path, _inspect(path))


def _chosen_format(fmt: str) -> str | None:
    name = _ALIASES.get(fmt.lower(), fmt.lower())
    if name == "auto":
        return None
    if name not in FORMATS:
        raise InvalidInputError(f"Unknown corpus format {fmt!r}; use auto, {', '.join(FORMATS)}.")
    return name


# --- file-level checks --------------------------------------------------------------------


def _inspect(path: Path) -> str:
    """Check that ``path`` is a readable, non-empty UTF-8 text file; return its first characters."""
    _check_exists(path)
    try:
        if _is_gzip(path):
            _check_gzip(path)
        with _binary(path) as stream:
            head = stream.read(_HEAD_BYTES)
    except OSError as e:
        reason = f"cannot read the file ({e.strerror or e}); check its permissions"
        raise CorpusError(reason, path=str(path)) from e
    if not head.strip() and len(head) < _HEAD_BYTES:
        raise CorpusError(
            "the file is empty; give a corpus with at least one abstract", path=str(path)
        )
    return _decode_head(head, path)


def _check_exists(path: Path) -> None:
    if not path.exists():
        raise CorpusError("no such file; check the path", path=str(path))
    if path.is_dir():
        raise CorpusError("this is a directory; pass a corpus file inside it", path=str(path))
    if not path.is_file():
        raise CorpusError("this is not a regular file; pass a corpus file", path=str(path))


def _is_gzip(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(2) == _GZIP_MAGIC


def _check_gzip(path: Path) -> None:
    """Decompress the whole file once, so a truncated download fails before any record is used."""
    with _binary(path) as stream:
        while stream.read(1 << 20):
            pass


def _decode_head(head: bytes, path: Path) -> str:
    for magic, kind in _DOCUMENTS:
        if head.startswith(magic):
            raise CorpusError(
                f"this is {kind}; papergraph reads the abstracts of papers from bibliographic "
                f"metadata, not full texts: give {_READABLE} (see `papergraph load --help`)",
                path=str(path),
            )
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise CorpusError("the file is UTF-16 encoded; re-save it as UTF-8", path=str(path))
    text = codecs.getincrementaldecoder("utf-8-sig")(errors="replace").decode(head)
    bad = text.count("\ufffd") + text.count("\x00")
    if bad > _MAX_BAD_SHARE * len(text):
        raise CorpusError(
            "the file is not UTF-8 text (it looks binary or uses another encoding); "
            "re-save it as UTF-8",
            path=str(path),
        )
    return text


# --- format detection ---------------------------------------------------------------------


def _detect(path: Path, head: str) -> str:
    name = path.name.lower().removesuffix(".gz")
    by_extension = _EXTENSIONS.get(Path(name).suffix)
    source = _sniff_source(head)
    if source and by_extension in (None, "json", "jsonl", "text", source):
        return source
    sniffed = _sniff(head)
    if by_extension == "json" and sniffed == "jsonl":
        return "jsonl"  # a .json file holding one object per line
    if by_extension or sniffed:
        return by_extension or str(sniffed)
    raise CorpusError(
        "cannot tell the format from the name or the content; "
        f"rename the file or pass --format {{{','.join(FORMATS)}}}",
        path=str(path),
    )


def _sniff_source(head: str) -> str | None:
    return next((name for name, marker in _MARKERS if marker.search(head)), None)


def _is_page(head: str) -> bool:
    """Whether a JSON source file is one API page (an object over several lines, or one line
    holding a ``results``/``data`` list) rather than one record per line."""
    first = head.lstrip().partition("\n")[0]
    try:
        value = json.loads(first)
    except ValueError:
        return True
    return isinstance(value, dict) and any(
        isinstance(value.get(key), list) for key in _scholarly.PAGE_KEYS.values()
    )


def _sniff(head: str) -> str | None:
    text = head.lstrip()
    if text.startswith("["):
        return "json"
    if text.startswith("{"):
        return "jsonl"
    if "abstract" in _formats.csv_header(text.partition("\n")[0]):
        return "csv"
    return None


def _check_csv_header(head: str, path: Path) -> None:
    names = _formats.csv_header(head.partition("\n")[0])
    if "abstract" not in names:
        raise CorpusError(
            f"the CSV header has no 'abstract' column (it has {', '.join(names)}); "
            "the first row must name the columns",
            path=str(path),
            line=1,
        )


# --- reading ------------------------------------------------------------------------------


def _stream(path: Path, fmt: str) -> Iterator[PaperRecord | CorpusError | CorpusWarning]:
    with _text(path, newline="" if fmt == "csv" else None) as stream:
        for item in _parsed(stream, fmt, path=str(path)):
            yield _validated(item, path)


def _parsed(stream: TextIO, fmt: str, *, path: str) -> _formats.Parsed:
    if fmt in _CONVERTERS:
        return _scholarly.parse_source(stream, _CONVERTERS[fmt], path=path)
    parse = {"jsonl": _formats.parse_jsonl, "csv": _formats.parse_csv, "text": _formats.parse_text}
    return parse[fmt](stream, path=path)


def _validated(
    item: _formats.RawRecord | CorpusError | CorpusWarning, path: Path
) -> PaperRecord | CorpusError | CorpusWarning:
    if not isinstance(item, _formats.RawRecord):
        return item
    return to_record(item.fields, path=str(path), line=item.line)


def _read_all(path: Path) -> str:
    with _text(path, newline=None) as stream:
        return stream.read()


@contextmanager
def _binary(path: Path) -> Iterator[gzip.GzipFile | io.BufferedReader]:
    """Open ``path`` for reading bytes, decompressing gzip; damaged gzip data raises CorpusError."""
    with gzip.GzipFile(path, "rb") if _is_gzip(path) else path.open("rb") as stream:
        try:
            yield stream
        except _GZIP_ERRORS as e:
            raise CorpusError(
                f"the gzip data is truncated or damaged ({e}); download or compress the file again",
                path=str(path),
            ) from e


@contextmanager
def _text(path: Path, *, newline: str | None) -> Iterator[TextIO]:
    """Open as UTF-8 text; undecodable bytes become U+FFFD instead of stopping the read."""
    with (
        _binary(path) as raw,
        io.TextIOWrapper(raw, "utf-8-sig", errors="replace", newline=newline) as stream,
    ):
        yield stream
