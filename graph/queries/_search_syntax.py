"""Stand-in until the query language lands: plain words only."""

from __future__ import annotations

import re
from dataclasses import dataclass

from graph.queries._lucene import _LUCENE_OPERATORS, _LUCENE_SPECIAL

__all__ = ["SearchQuery", "parse_search"]

_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class SearchQuery:
    lucene: str | None
    text: str
    terms: tuple[str, ...]
    year_from: int | None = None
    year_to: int | None = None
    venue: str | None = None
    authors: tuple[str, ...] = ()
    exact: bool = False


def parse_search(text: str) -> SearchQuery:
    escaped = _LUCENE_SPECIAL.sub(r"\\\1", text.strip())
    lucene = _LUCENE_OPERATORS.sub(lambda m: m.group(1).lower(), escaped)
    terms = tuple(dict.fromkeys(w.lower() for w in _WORD.findall(text)))
    return SearchQuery(lucene=lucene or None, text=text, terms=terms)
