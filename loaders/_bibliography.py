"""Reference-manager exports: BibTeX, RIS and CSL-JSON (Zotero, Mendeley, Google Scholar).

Each parser turns one entry into the fields of our JSON schema (``title``, ``abstract``,
``authors``, ``year``, ``venue``, ``keywords``, ``doi``, ``arxivId``, ``id``). An entry
without an abstract comes back as a :class:`CorpusWarning` naming it, as reference
libraries hold many such entries.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from graph.paper_ids import IdKind, canonical
from loaders._formats import Parsed, RawRecord
from loaders.records import CorpusWarning
from papergraph.errors import CorpusError

__all__ = ["csl_fields", "parse_bibtex", "parse_ris", "without_abstract"]

_RIS_END = re.compile(r"^ER\s{2}-", re.MULTILINE)
_RIS_START = re.compile(r"^TY\s{2}- ", re.MULTILINE)
_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d|2100)\b")


def without_abstract(fields: Mapping[str, object], name: str, *, path: str, line: int) -> Parsed:
    """The record, or a warning naming it when it has no abstract."""
    abstract = fields.get("abstract")
    if isinstance(abstract, str) and abstract.strip():
        yield RawRecord(line, fields)
        return
    title = fields.get("title")
    what = f"{name} ({str(title)[:60]!r})" if title else name
    reason = f"{what} has no abstract"
    yield CorpusWarning("no abstract", reason, path=path, line=line, field="abstract")


# --- BibTeX -------------------------------------------------------------------------------


def parse_bibtex(text: str, *, path: str) -> Parsed:
    """Every ``@article``/``@inproceedings``/… entry; ``@comment``, ``@string`` are skipped."""
    from bibtexparser import middlewares
    from bibtexparser.entrypoint import parse_string

    library = parse_string(
        text,
        append_middleware=[
            middlewares.LatexDecodingMiddleware(),
            middlewares.SeparateCoAuthors(),
            middlewares.SplitNameParts(),
        ],
    )
    for failed in library.failed_blocks:
        reason = f"not valid BibTeX ({type(failed.error).__name__}); fix the entry"
        yield CorpusError(reason, path=path, line=(failed.start_line or 0) + 1)
    for entry in library.entries:
        values = {k.lower(): f.value for k, f in entry.fields_dict.items()}
        line = (entry.start_line or 0) + 1
        yield from without_abstract(_bibtex_fields(values), entry.key, path=path, line=line)


def _bibtex_fields(values: Mapping[str, Any]) -> dict[str, object]:
    url = str(values.get("url") or "")
    eprint = values.get("eprint") if _is_arxiv(values) else None
    fields: dict[str, object] = {
        "title": values.get("title"),
        "abstract": values.get("abstract"),
        "authors": [_bibtex_name(n) for n in values.get("author") or []],
        "year": _year(values.get("year")),
        "venue": values.get("journal") or values.get("booktitle"),
        "keywords": _keyword_list(values.get("keywords")),
        "doi": canonical(IdKind.DOI, values.get("doi") or url),
        "arxivId": canonical(IdKind.ARXIV, eprint or url),
        "url": url or None,
    }
    return _with_id(fields)


def _is_arxiv(values: Mapping[str, Any]) -> bool:
    prefix = str(values.get("archiveprefix") or values.get("eprinttype") or "arxiv")
    return prefix.lower() == "arxiv"


def _bibtex_name(name: object) -> str:
    """``NameParts`` (or a plain string when the parser could not split it) as ``First Last``."""
    parts = [getattr(name, part, []) for part in ("first", "von", "last", "jr")]
    if not any(parts):
        return str(name)
    first, von, last, jr = (" ".join(p) for p in parts)
    return " ".join(p for p in (first, von, last) if p) + (f", {jr}" if jr else "")


def _keyword_list(value: object) -> list[str]:
    if not isinstance(value, str):
        return []
    return [k.strip() for k in re.split(r"[;,]", value) if k.strip()]


def _year(value: object) -> int | None:
    match = _YEAR.search(str(value)) if value is not None else None
    return int(match.group(1)) if match else None


def _with_id(fields: dict[str, object]) -> dict[str, object]:
    """Our id for an entry: its DOI, else its arXiv id, else none (a content id is made)."""
    return {**fields, "id": fields.get("doi") or fields.get("arxivId")}


# --- RIS ----------------------------------------------------------------------------------


def parse_ris(text: str, *, path: str) -> Parsed:
    """``TY  -`` … ``ER  -`` references; each is parsed on its own so errors name its line."""
    import rispy

    for line, chunk in _ris_chunks(text):
        try:
            entries = rispy.loads(chunk)
        except (OSError, ValueError, KeyError) as e:
            yield CorpusError(f"not valid RIS ({e}); fix the reference", path=path, line=line)
            continue
        for entry in entries:
            name = str(entry.get("id") or f"the {entry.get('type_of_reference', '')} reference")
            yield from without_abstract(_ris_fields(entry), name, path=path, line=line)


def _ris_chunks(text: str) -> Iterator[tuple[int, str]]:
    starts = [m.start() for m in _RIS_START.finditer(text)]
    for index, at in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        chunk = text[at:end]
        if not _RIS_END.search(chunk):
            chunk += "\nER  - \n"
        yield text.count("\n", 0, at) + 1, chunk


def _ris_fields(entry: Mapping[str, Any]) -> dict[str, object]:
    urls = " ".join(entry.get("urls") or [])
    fields: dict[str, object] = {
        "title": entry.get("title") or entry.get("primary_title"),
        "abstract": entry.get("abstract") or entry.get("notes_abstract"),
        "authors": [_ris_name(a) for a in _first(entry, "authors", "first_authors")],
        "year": _year(entry.get("year") or entry.get("publication_year") or entry.get("date")),
        "venue": _venue(entry),
        "keywords": list(entry.get("keywords") or []),
        "doi": canonical(IdKind.DOI, entry.get("doi") or _url_of(urls, "doi.org")),
        "arxivId": canonical(IdKind.ARXIV, _url_of(urls, "arxiv.org")),
        "url": next(iter(urls.split()), None),
    }
    return _with_id(fields)


def _first(entry: Mapping[str, Any], *keys: str) -> list[str]:
    for key in keys:
        if entry.get(key):
            return list(entry[key])
    return []


def _ris_name(name: str) -> str:
    """RIS writes ``Last, First``; we keep ``First Last``."""
    last, comma, first = name.partition(",")
    return f"{first.strip()} {last.strip()}" if comma and first.strip() else name.strip()


def _venue(entry: Mapping[str, Any]) -> object:
    for key in ("secondary_title", "journal_name", "alternate_title3", "alternate_title1"):
        if entry.get(key):
            return entry[key]
    return None


def _url_of(urls: str, host: str) -> str | None:
    return next((u for u in urls.split() if host in u), None)


# --- CSL-JSON -----------------------------------------------------------------------------


def csl_fields(item: Mapping[str, Any]) -> dict[str, object]:
    """One CSL-JSON item (Zotero's "CSL JSON" export) as our fields."""
    fields: dict[str, object] = {
        "title": item.get("title"),
        "abstract": item.get("abstract"),
        "authors": [_csl_name(a) for a in _objects(item.get("author"))],
        "year": _csl_year(item.get("issued")),
        "venue": item.get("container-title") or item.get("event-title"),
        "keywords": _keyword_list(item.get("keyword")),
        "doi": canonical(IdKind.DOI, item.get("DOI") or item.get("URL") or ""),
        "arxivId": canonical(IdKind.ARXIV, item.get("URL") or ""),
        "url": item.get("URL"),
    }
    return _with_id(fields)


def _objects(value: object) -> Iterable[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _csl_name(name: Mapping[str, Any]) -> str:
    if name.get("literal"):
        return str(name["literal"])
    parts = (name.get("given"), name.get("non-dropping-particle"), name.get("family"))
    return " ".join(str(p) for p in parts if p)


def _csl_year(issued: object) -> int | None:
    if not isinstance(issued, Mapping):
        return None
    parts = issued.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        return _year(parts[0][0])
    return _year(issued.get("raw") or issued.get("literal"))
