"""Papers as references for Zotero, Mendeley or a LaTeX bibliography: BibTeX and RIS.

Each paper of the export's scope is one entry: title, authors, year, venue, abstract, keywords,
DOI, URL, arXiv eprint and its papergraph id. The venue decides the entry type: a name that
reads as a journal's (``Journal``, ``Transactions``, ``Letters``, ``Review``) is an
``@article`` (RIS ``JOUR``), any other venue is an ``@inproceedings`` (``CPAPER``), no venue
a ``@misc`` (``GEN``). The BibTeX key is the first author's surname, the year and the first
word of the title (``vaswani2017attention``), with ``a``, ``b``, ... added to make it unique;
the papergraph id is the ``papergraphid`` field (RIS ``ID``).

BibTeX text fields are LaTeX-encoded with pylatexenc (``&`` as ``\\&``, ``ü`` as ``\\"u``), so
a title holding ``&``, ``%`` or ``{`` comes back the same through bibtexparser's
``LatexDecodingMiddleware``; DOI, URL and eprint are written verbatim, as BibTeX styles read
them. Both files are written page by page (bibtexparser's and rispy's writers on a page of
entries each), so memory does not grow with the graph.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from itertools import chain, count, islice
from pathlib import Path
from string import ascii_lowercase
from typing import Any

import rispy
from bibtexparser.entrypoint import write_string
from bibtexparser.library import Library
from bibtexparser.model import Block, Entry, Field
from bibtexparser.writer import BibtexFormat
from pylatexenc.latexencode import UnicodeToLatexEncoder

from graph.export._files import Written, _replacing, _unwritable

__all__ = ["REFERENCE_WRITERS", "bibtex_key", "write_references"]

Props = dict[str, Any]
PAGE = 500
_JOURNAL = re.compile(r"\b(journal|transactions|letters|review|magazine)\b", re.IGNORECASE)
_SKIPPED_TITLE_WORDS = frozenset({"a", "an", "the", "on", "of", "in", "to", "for"})
#: Fields BibTeX styles print as they are (``\\url``, ``\\doi``): not LaTeX-encoded.
_VERBATIM = frozenset({"year", "doi", "url", "eprint", "archiveprefix", "papergraphid"})
_LATEX = UnicodeToLatexEncoder(unknown_char_policy="keep", unknown_char_warning=False)


def _kind(venue: str | None) -> tuple[str, str]:
    """The (BibTeX, RIS) entry type of a paper in ``venue``."""
    if not venue:
        return "misc", "GEN"
    return ("article", "JOUR") if _JOURNAL.search(venue) else ("inproceedings", "CPAPER")


def _title(paper: Props) -> str:
    return str(paper.get("title") or paper.get("label") or paper["id"])


def links(paper: Props) -> list[str]:
    """The paper's own URL, then its DOI and arXiv pages, each once."""
    found = [
        paper.get("url"),
        f"https://doi.org/{paper['doi']}" if paper.get("doi") else None,
        f"https://arxiv.org/abs/{paper['arxivId']}" if paper.get("arxivId") else None,
    ]
    return list(dict.fromkeys(link for link in found if link))


def _ascii_word(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", folded.lower())


def _surname(name: str) -> str:
    """The family name of ``First Last`` or ``Last, First`` (a suffix after a comma dropped)."""
    head, comma, tail = name.partition(",")
    if comma and tail.strip().rstrip(".").lower() not in {"jr", "sr", "ii", "iii", "iv"}:
        return head
    words = head.split()
    return words[-1] if words else ""


def bibtex_key(paper: Props) -> str:
    """``<surname><year><first title word>``, ASCII letters and digits (not yet unique)."""
    authors = paper.get("authors") or []
    surname = _ascii_word(_surname(authors[0])) if authors else ""
    words = [_ascii_word(w) for w in _title(paper).split()]
    meaningful = [w for w in words if w and w not in _SKIPPED_TITLE_WORDS] or [
        w for w in words if w
    ]
    key = f"{surname or 'anon'}{paper.get('year') or ''}{meaningful[0] if meaningful else ''}"
    return key


class _Keys:
    """Makes each BibTeX key unique in its file: ``smith2020graph``, ``smith2020grapha``, ..."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def unique(self, key: str) -> str:
        suffixes = chain(ascii_lowercase, map(str, count(27)))
        candidate = key
        while candidate in self.used:
            candidate = key + next(suffixes)
        self.used.add(candidate)
        return candidate


def _bibtex_entry(paper: Props, key: str) -> Entry:
    kind, _ = _kind(paper.get("venue"))
    values = {
        "title": _title(paper),
        "author": " and ".join(paper.get("authors") or []),
        "year": str(paper.get("year") or ""),
        "journal" if kind == "article" else "booktitle": paper.get("venue") or "",
        "abstract": paper.get("abstract") or "",
        "keywords": ", ".join(paper.get("keywords") or []),
        "doi": paper.get("doi") or "",
        "url": next(iter(links(paper)), ""),
        "eprint": paper.get("arxivId") or "",
        "archiveprefix": "arXiv" if paper.get("arxivId") else "",
        "papergraphid": paper["id"],
    }
    fields = [
        Field(name, value if name in _VERBATIM else _LATEX.unicode_to_latex(value))
        for name, value in values.items()
        if value
    ]
    return Entry(kind, key, fields)


def _layout() -> BibtexFormat:
    layout = BibtexFormat()  # type: ignore[no-untyped-call]  # bibtexparser types it loosely
    layout.block_separator = "\n"  # each entry already ends its line: one blank line between
    return layout


_LAYOUT = _layout()


def bibtex_page(papers: list[Props], keys: _Keys) -> str:
    """One page of papers as BibTeX entries."""
    entries: list[Block] = [_bibtex_entry(p, keys.unique(bibtex_key(p))) for p in papers]
    return write_string(Library(entries), bibtex_format=_LAYOUT).strip() + "\n\n"


def _ris_entry(paper: Props) -> dict[str, Any]:
    _, kind = _kind(paper.get("venue"))
    entry: dict[str, Any] = {
        "type_of_reference": kind,
        "id": paper["id"],
        "title": _one_line(_title(paper)),
        "authors": list(paper.get("authors") or []),
        "year": str(paper.get("year") or ""),
        "secondary_title": paper.get("venue"),
        "abstract": _one_line(paper.get("abstract") or ""),
        "keywords": list(paper.get("keywords") or []),
        "doi": paper.get("doi"),
        "urls": links(paper),
    }
    return {tag: value for tag, value in entry.items() if value}


def _one_line(text: str) -> str:
    """A RIS value ends at the line's end: line breaks in it become spaces."""
    return " ".join(text.splitlines())


class _UnnumberedRis(rispy.RisWriter):  # type: ignore[misc]  # rispy ships no types
    """RIS as reference managers write it: no ``1.`` line before each reference."""

    def set_header(self, count: int) -> str:
        return ""


def ris_page(papers: list[Props], keys: _Keys) -> str:
    """One page of papers as RIS references."""
    return str(rispy.dumps([_ris_entry(p) for p in papers], implementation=_UnnumberedRis))


REFERENCE_WRITERS: dict[str, Callable[[list[Props], _Keys], str]] = {
    "bibtex": bibtex_page,
    "ris": ris_page,
}


def _pages(papers: Iterable[Props]) -> Iterator[list[Props]]:
    iterator = iter(papers)
    while page := list(islice(iterator, PAGE)):
        yield page


def write_references(papers: Iterable[Props], path: Path, fmt: str) -> Written:
    """Write the papers (each a Paper's properties, ``id`` included) to ``path`` as ``fmt``
    (``bibtex`` or ``ris``); raise :class:`ExportError` when the file cannot be written."""
    render, keys, count = REFERENCE_WRITERS[fmt], _Keys(), 0
    with ExitStack() as stack:
        with _unwritable(path):  # before anything is read: a bad path fails at once
            out = stack.enter_context(_replacing(path, "\n"))
        for page in _pages(papers):
            text = render(page, keys)
            with _unwritable(path):
                out.write(text)
            count += len(page)
    return Written(path, count, 0)
