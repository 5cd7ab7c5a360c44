"""Text for Neo4j's full-text (Lucene) indexes: user text as plain terms or as one phrase."""

from __future__ import annotations

import re

__all__ = ["lucene_phrase", "lucene_terms"]

_LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
_LUCENE_OPERATORS = re.compile(r"\b(AND|OR|NOT|TO)\b")


def lucene_terms(text: str) -> str:
    """``text`` as plain Lucene terms: operators and special characters lose their meaning."""
    escaped = _LUCENE_SPECIAL.sub(r"\\\1", text.strip())
    return _LUCENE_OPERATORS.sub(lambda m: m.group(1).lower(), escaped)


def lucene_phrase(text: str) -> str:
    """``text`` as one exact Lucene phrase (for a name or alias lookup)."""
    return '"' + lucene_terms(text) + '"'
