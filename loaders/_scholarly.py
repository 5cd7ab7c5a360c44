"""Scholarly databases: OpenAlex works, Semantic Scholar Graph API papers, the arXiv snapshot.

Each is read from JSON Lines (one work per line, as the snapshots and ``jq -c`` give them) or
from one page of the API's answer (``{"results": [...]}`` for OpenAlex, ``{"data": [...]}`` for
Semantic Scholar). Each record becomes the fields of our JSON schema, with the source's ids,
its authors as objects (``{name, orcid, ids}``) and the ids of the works it cites.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from graph.paper_ids import IdKind, canonical
from loaders._bibliography import without_abstract
from loaders._formats import Parsed, RawRecord, parse_jsonl
from loaders.records import CorpusWarning
from papergraph.errors import CorpusError

__all__ = [
    "PAGE_KEYS",
    "arxiv_fields",
    "converted",
    "openalex_fields",
    "parse_page",
    "parse_source",
    "s2_fields",
]

Fields = dict[str, object]
#: The key of the list of works in one page of each API's answer.
PAGE_KEYS = {"openalex": "results", "s2": "data"}


def parse_source(
    stream: Iterable[str], convert: Callable[[Mapping[str, Any]], Fields], *, path: str
) -> Parsed:
    """JSON Lines of one source's records, each converted to our fields."""
    yield from converted(parse_jsonl(stream, path=path), convert, path=path)


def converted(
    items: Iterable[RawRecord | CorpusError | CorpusWarning],
    convert: Callable[[Mapping[str, Any]], Fields],
    *,
    path: str,
) -> Parsed:
    """Each parsed record converted from its source's shape to our fields."""
    for item in items:
        yield from _converted(item, convert, path=path)


def parse_page(
    text: str, key: str, convert: Callable[[Mapping[str, Any]], Fields], *, path: str
) -> Parsed:
    """One API page: a JSON object whose ``key`` holds the list of records."""
    try:
        page = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise CorpusError(f"not valid JSON ({e}); fix the file", path=path) from e
    works = page.get(key) if isinstance(page, dict) else None
    if not isinstance(works, list):
        raise CorpusError(f"expected an API page with a {key!r} list of works", path=path)
    for index, work in enumerate(works, start=1):
        item = RawRecord(index, work) if isinstance(work, dict) else _not_object(index, path)
        yield from _converted(item, convert, path=path)


def _not_object(index: int, path: str) -> CorpusError:
    return CorpusError(f"work {index} of the page is not a JSON object", path=path, line=index)


def _converted(
    item: RawRecord | CorpusError | CorpusWarning,
    convert: Callable[[Mapping[str, Any]], Fields],
    *,
    path: str,
) -> Parsed:
    if not isinstance(item, RawRecord):
        yield item
        return
    try:
        fields = convert(item.fields)
    except (AttributeError, TypeError, ValueError, KeyError) as e:
        yield CorpusError(f"the record has an unexpected shape ({e})", path=path, line=item.line)
        return
    name = str(fields.get("id") or item.fields.get("id") or f"record {item.line}")
    yield from without_abstract(fields, name, path=path, line=item.line)


# --- OpenAlex -----------------------------------------------------------------------------


def openalex_fields(work: Mapping[str, Any]) -> Fields:
    """An OpenAlex work; the abstract is rebuilt from ``abstract_inverted_index``."""
    ids = _mapping(work.get("ids"))
    source = _mapping(_mapping(work.get("primary_location")).get("source"))
    openalex = canonical(IdKind.OPENALEX, work.get("id") or ids.get("openalex") or "")
    return {
        "id": openalex,
        "title": work.get("display_name") or work.get("title"),
        "abstract": _inverted(work.get("abstract_inverted_index")),
        "authors": [_openalex_author(a) for a in _list(work.get("authorships"))],
        "year": work.get("publication_year"),
        "venue": source.get("display_name"),
        "keywords": [k.get("display_name") for k in _list(work.get("keywords")) if _is_map(k)],
        "doi": canonical(IdKind.DOI, work.get("doi") or ids.get("doi") or ""),
        "arxivId": _arxiv_location(work),
        "openalexId": openalex,
        "url": _mapping(work.get("primary_location")).get("landing_page_url"),
        "references": _bare_all(IdKind.OPENALEX, work.get("referenced_works")),
    }


def _inverted(index: object) -> str | None:
    """``{"word": [positions]}`` back to the text, words in position order."""
    if not isinstance(index, Mapping) or not index:
        return None
    placed = sorted((at, word) for word, ats in index.items() for at in ats)
    return " ".join(word for _, word in placed)


def _openalex_author(authorship: object) -> Fields:
    author = _mapping(_mapping(authorship).get("author"))
    name = author.get("display_name") or _mapping(authorship).get("raw_author_name") or ""
    bare = canonical_author(author.get("id"))
    return {"name": name, "orcid": author.get("orcid"), "ids": [f"openalex:{bare}"] if bare else []}


def canonical_author(value: object) -> str | None:
    """An OpenAlex author id (``https://openalex.org/A123``) as ``A123``."""
    text = str(value or "").rsplit("/", 1)[-1].upper()
    return text if text.startswith("A") and text[1:].isdecimal() else None


def _arxiv_location(work: Mapping[str, Any]) -> str | None:
    for location in _list(work.get("locations")):
        bare = canonical(IdKind.ARXIV, _mapping(location).get("landing_page_url") or "")
        if bare:
            return bare
    return None


# --- Semantic Scholar ---------------------------------------------------------------------


def s2_fields(paper: Mapping[str, Any]) -> Fields:
    """A Semantic Scholar Graph API paper (``externalIds``, ``authors``, ``references``)."""
    external = _mapping(paper.get("externalIds"))
    s2 = canonical(IdKind.S2, paper.get("paperId") or "")
    return {
        "id": s2,
        "title": paper.get("title"),
        "abstract": paper.get("abstract"),
        "authors": [_s2_author(a) for a in _list(paper.get("authors"))],
        "year": paper.get("year"),
        "venue": paper.get("venue") or None,
        "keywords": [],
        "doi": canonical(IdKind.DOI, external.get("DOI") or ""),
        "arxivId": canonical(IdKind.ARXIV, external.get("ArXiv") or ""),
        "s2Id": s2,
        "url": paper.get("url"),
        "references": _bare_all(
            IdKind.S2, [_mapping(r).get("paperId") for r in _list(paper.get("references"))]
        ),
    }


def _s2_author(author: object) -> Fields:
    found = _mapping(author)
    ident = found.get("authorId")
    return {"name": found.get("name") or "", "ids": [f"s2:{ident}"] if ident else []}


# --- arXiv metadata snapshot --------------------------------------------------------------


def arxiv_fields(entry: Mapping[str, Any]) -> Fields:
    """One line of the arXiv metadata snapshot; TeX accents in titles and names decoded."""
    arxiv = canonical(IdKind.ARXIV, entry.get("id") or "")
    return {
        "id": arxiv,
        "title": _tex(entry.get("title")),
        "abstract": entry.get("abstract"),
        "authors": _arxiv_authors(entry),
        "year": _arxiv_year(entry),
        "venue": entry.get("journal-ref") or "arXiv",
        "keywords": [],
        "doi": canonical(IdKind.DOI, str(entry.get("doi") or "").split(" ")[0]),
        "arxivId": arxiv,
    }


def _arxiv_authors(entry: Mapping[str, Any]) -> list[str]:
    parsed = entry.get("authors_parsed")
    if isinstance(parsed, list) and parsed:
        names = (" ".join(p for p in (*part[1:2], part[0], *part[2:3]) if p) for part in parsed)
        return [_tex(name) or "" for name in names]
    return [_tex(a.strip()) or "" for a in str(entry.get("authors") or "").split(",")]


def _arxiv_year(entry: Mapping[str, Any]) -> int | None:
    versions = _list(entry.get("versions"))
    created = str(_mapping(versions[0]).get("created") or "") if versions else ""
    words = [w for w in created.split() if len(w) == 4 and w.isdecimal()]
    if words:
        return int(words[0])
    update = str(entry.get("update_date") or "")[:4]
    return int(update) if update.isdecimal() else None


def _tex(text: object) -> str | None:
    if not isinstance(text, str):
        return None
    from pylatexenc.latex2text import LatexNodes2Text

    return str(LatexNodes2Text(math_mode="verbatim").latex_to_text(text))


# --- helpers ------------------------------------------------------------------------------


def _mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _is_map(value: object) -> bool:
    return isinstance(value, Mapping)


def _bare_all(kind: IdKind, values: object) -> list[str]:
    found = (canonical(kind, v) for v in _list(values))
    return [v for v in found if v]
