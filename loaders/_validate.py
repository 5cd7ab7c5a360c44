"""Turn one raw record (a mapping from any format) into a PaperRecord, a CorpusError or a
CorpusWarning.

Validation never raises: every problem becomes a :class:`CorpusError` naming the field,
so the caller decides whether to skip the record or abort. A record that is well-formed but
carries no usable abstract becomes a :class:`CorpusWarning` instead.
"""

from __future__ import annotations

import reprlib
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path

from graph.paper_ids import IdKind, canonical, name_key
from loaders.records import AuthorRef, CorpusWarning, PaperRecord, SkipKind
from papergraph.errors import CorpusError

__all__ = [
    "ABSTRACT_LIMIT",
    "BYTE_LIMITS",
    "FIELD_LIMITS",
    "ID_FIELDS",
    "LIST_LIMITS",
    "MIN_LETTERS",
    "to_record",
]

ABSTRACT_LIMIT = 100_000
#: Longest value (characters) of each other text field, and of each keyword or author. Ids and
#: keywords become index keys, which Neo4j caps at about 8 KB; a title is read by the tagger.
FIELD_LIMITS = {
    "id": 512,
    "title": 2_000,
    "venue": 200,
    "status": 200,
    "keywords": 200,
    "authors": 300,
    "references": 512,
}
#: Most UTF-8 bytes of each value Neo4j indexes, measured on the form its index key takes (a
#: title lower-cased as its sort key, an author's name as its match key, a keyword NFKC-folded).
#: A range-index key holds at most about 8 KB, and the composite indexes behind the paper
#: listings hold a sort title with a venue or concept key and the paper id in one key, so the
#: limits add up to well under it. "id" bounds every id: the paper's, its DOI, arXiv, OpenAlex
#: and S2 ids, each author id and each reference.
BYTE_LIMITS = {
    "id": 512,
    "title": 4_000,
    "venue": 600,
    "keywords": 600,
    "authors": 1_000,
    "references": 512,
}
#: Most keywords (each becomes a concept), authors and references one paper may list.
LIST_LIMITS = {"keywords": 50, "authors": 100, "references": 5_000}
#: Most source ids one author may carry.
AUTHOR_ID_LIMIT = 20
#: The record field of each external id, in our JSON schema.
ID_FIELDS = {
    IdKind.DOI: "doi",
    IdKind.ARXIV: "arxivId",
    IdKind.OPENALEX: "openalexId",
    IdKind.S2: "s2Id",
}
_ID_EXAMPLES = {
    IdKind.DOI: "10.1234/abc",
    IdKind.ARXIV: "2101.00001",
    IdKind.OPENALEX: "W2741809807",
    IdKind.S2: "40 hex digits",
}
MIN_LETTERS = 50
_YEARS = range(1900, 2101)
# Compared after casefolding and dropping everything but letters and spaces.
_PLACEHOLDERS = frozenset(
    {
        "",
        "na",
        "n a",
        "none",
        "null",
        "nil",
        "tbd",
        "tba",
        "todo",
        "abstract",
        "no abstract",
        "no abstract available",
        "abstract not available",
        "not available",
        "missing",
    }
)
_WIDE_SEPARATORS = str.maketrans({"\uff0c": ",", "\uff1b": ";"})  # full-width comma, semicolon


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


#: The index key each field becomes, where it is not the value itself.
_KEY_FORMS: dict[str, Callable[[str], str]] = {
    "title": str.lower,
    "authors": name_key,
    "keywords": _folded,
}


class _FieldError(Exception):
    def __init__(self, field: str, reason: str, *, skip: SkipKind | None = None) -> None:
        super().__init__(reason)
        self.field = field
        self.reason = reason
        self.skip = skip  # set when the record is to be skipped, not refused


def to_record(
    fields: Mapping[str, object], *, path: str, line: int
) -> PaperRecord | CorpusError | CorpusWarning:
    """Validate ``fields`` (keys as in the JSON schema) read from ``path`` at ``line``."""
    try:
        refs = _authors(fields.get("authors"))
        return PaperRecord(
            abstract=_abstract(fields.get("abstract")),
            id=_text(fields, "id", allow_int=True),
            title=_text(fields, "title"),
            keywords=_unique(_strings(fields, "keywords")),
            authors=tuple(ref.name for ref in refs),
            year=_year(fields.get("year")),
            venue=_text(fields, "venue"),
            status=_text(fields, "status"),
            source=Path(path).name,
            line=line,
            doi=_external_id(fields, IdKind.DOI),
            arxiv_id=_external_id(fields, IdKind.ARXIV),
            openalex_id=_external_id(fields, IdKind.OPENALEX),
            s2_id=_external_id(fields, IdKind.S2),
            url=_url(fields.get("url")),
            author_refs=refs if any(r.orcid or r.ids for r in refs) else (),
            references=tuple(dict.fromkeys(_strings(fields, "references"))),
        )
    except _FieldError as e:
        if e.skip is not None:
            return CorpusWarning(e.skip, e.reason, path=path, line=line, field=e.field)
        return CorpusError(e.reason, path=path, line=line, field=e.field)


def _abstract(value: object) -> str:
    if value is None:
        raise _FieldError("abstract", "the record has no abstract; every paper needs one")
    if not isinstance(value, str):
        raise _FieldError("abstract", f"must be a string, not {_kind(value)}")
    if len(value) > ABSTRACT_LIMIT:
        raise _FieldError(
            "abstract", f"abstract is {len(value):,} characters; the limit is {ABSTRACT_LIMIT:,}"
        )
    text = _squash(value)
    _reject_placeholder(text)
    return text


def _reject_placeholder(text: str) -> None:
    letters = sum(ch.isalpha() for ch in text)
    plain = " ".join("".join(ch if ch.isalpha() else " " for ch in text.casefold()).split())
    if not text:
        raise _FieldError("abstract", "the abstract is empty", skip="no abstract")
    if plain in _PLACEHOLDERS:
        reason = f"the abstract is a placeholder ({text[:40]!r})"
        raise _FieldError("abstract", reason, skip="placeholder abstract")
    if letters < MIN_LETTERS:
        reason = f"the abstract has {letters} letters; at least {MIN_LETTERS} are needed"
        raise _FieldError("abstract", reason, skip="abstract too short")


#: Longest web address kept; a longer one is dropped, not refused (the paper is still good).
URL_LIMIT = 2_000


def _url(value: object) -> str | None:
    """A web address of the paper: an ``http(s)://`` string of at most :data:`URL_LIMIT`
    characters, else ``None`` (a link is a convenience, never a reason to refuse a paper)."""
    if not isinstance(value, str):
        return None
    url = value.strip()
    ok = url.lower().startswith(("http://", "https://")) and len(url) <= URL_LIMIT
    return url if ok and not any(ch.isspace() for ch in url) else None


def _external_id(fields: Mapping[str, object], kind: IdKind) -> str | None:
    name = ID_FIELDS[kind]
    value = fields.get(name)
    if value is None or value == "":
        return None
    bare = canonical(kind, value)
    if bare is None:
        raise _FieldError(name, f"{_kind(value)} is not such an id (e.g. {_ID_EXAMPLES[kind]})")
    return _fits(name, bare, BYTE_LIMITS["id"])


def _authors(value: object) -> tuple[AuthorRef, ...]:
    """Authors as names, or as objects ``{name, orcid, ids}`` (ids: a list of strings)."""
    if not isinstance(value, list | tuple) or all(isinstance(v, str) for v in value):
        return tuple(AuthorRef(name) for name in _strings({"authors": value}, "authors"))
    if len(value) > LIST_LIMITS["authors"]:
        raise _FieldError("authors", f"has {len(value):,} items; the limit is 100")
    refs = (_author(item, index) for index, item in enumerate(value, start=1))
    return tuple(ref for ref in refs if ref.name)


def _author(item: object, index: int) -> AuthorRef:
    if isinstance(item, str):
        return AuthorRef(_within("authors", _squash(item), item=index))
    if not isinstance(item, Mapping):
        raise _FieldError("authors", f"item {index} is {_kind(item)}; give a name or an object")
    name, orcid, ids = item.get("name"), item.get("orcid"), item.get("ids") or []
    if not isinstance(name, str) or not isinstance(ids, list):
        raise _FieldError("authors", f"item {index} needs a string 'name' and a list 'ids'")
    bare_orcid = _orcid(orcid) if orcid else None
    kept = tuple(str(i).strip() for i in ids if isinstance(i, str | int) and str(i).strip())
    if len(kept) > AUTHOR_ID_LIMIT:
        reason = f"item {index} has {len(kept):,} ids; the limit is {AUTHOR_ID_LIMIT}"
        raise _FieldError("authors", reason)
    for author_id in kept:
        _fits("authors", author_id, BYTE_LIMITS["id"], item=index, what="an id of item")
    return AuthorRef(_within("authors", _squash(name), item=index), bare_orcid, kept)


def _orcid(value: object) -> str:
    text = str(value).strip().rsplit("/", 1)[-1]
    if len(text) != 19 or not text.replace("-", "")[:-1].isdecimal():
        raise _FieldError("authors", f"{_kind(value)} is not an ORCID (0000-0002-1825-0097)")
    return text.upper()


def _text(fields: Mapping[str, object], name: str, *, allow_int: bool = False) -> str | None:
    value = fields.get(name)
    if allow_int and isinstance(value, int) and not isinstance(value, bool):
        return _within(name, str(value))
    if value is None:
        return None
    if not isinstance(value, str):
        raise _FieldError(name, f"must be a string or null, not {_kind(value)}")
    return _within(name, _squash(value)) or None


def _within(name: str, text: str, *, item: int | None = None) -> str:
    limit = FIELD_LIMITS[name]
    if len(text) > limit:
        what = f"item {item} is" if item else "is"
        raise _FieldError(name, f"{what} {len(text):,} characters long; the limit is {limit:,}")
    if name in BYTE_LIMITS:
        _fits(name, _KEY_FORMS.get(name, str)(text), BYTE_LIMITS[name], item=item)
    return text


def _fits(name: str, key: str, limit: int, *, item: int | None = None, what: str = "item") -> str:
    """``key`` (a value in the form Neo4j indexes it), refused when its UTF-8 bytes exceed
    ``limit``: Neo4j cannot index a longer value, and one such value fails its whole batch."""
    size = len(key.encode("utf-8", "surrogatepass"))
    if size > limit:
        where = f"{what} {item} is" if item else "is"
        reason = f"{where} {size:,} bytes as an index key; the limit is {limit:,} bytes"
        raise _FieldError(name, reason)
    return key


def _strings(fields: Mapping[str, object], name: str) -> tuple[str, ...]:
    items = _string_items(fields.get(name), name)
    if len(items) > LIST_LIMITS[name]:
        raise _FieldError(name, f"has {len(items):,} items; the limit is {LIST_LIMITS[name]}")
    return tuple(_within(name, item, item=index) for index, item in enumerate(items, start=1))


def _string_items(value: object, name: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return _split(value)
    if not isinstance(value, list | tuple):
        raise _FieldError(name, f"must be a list of strings, not {_kind(value)}")
    for index, item in enumerate(value, start=1):
        if not isinstance(item, str):
            raise _FieldError(name, f"item {index} is {_kind(item)}; give a list of strings")
    return tuple(s for s in (_squash(item) for item in value) if s)


def _split(value: str) -> tuple[str, ...]:
    """Split a single string on ``;`` if it has one, else on ``,``."""
    value = value.translate(_WIDE_SEPARATORS)
    parts = value.split(";") if ";" in value else value.split(",")
    return tuple(s for s in (_squash(part) for part in parts) if s)


def _unique(items: tuple[str, ...]) -> tuple[str, ...]:
    seen: set[str] = set()
    kept = []
    for item in items:
        if item.casefold() not in seen:
            seen.add(item.casefold())
            kept.append(item)
    return tuple(kept)


def _year(value: object) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, str) and value.strip().isdecimal():
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool):
        raise _FieldError("year", f"must be a whole number such as 2024, not {_kind(value)}")
    if value not in _YEARS:
        raise _FieldError(
            "year", f"{value} is outside {_YEARS.start}..{_YEARS.stop - 1}; fix or remove it"
        )
    return value


def _squash(text: str) -> str:
    return " ".join(text.split())


def _kind(value: object) -> str:
    if isinstance(value, str):
        return f"the string {value[:40]!r}"
    return f"{type(value).__name__} {reprlib.repr(value)}"
