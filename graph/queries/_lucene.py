"""Text for Neo4j's full-text (Lucene) indexes: user text as plain terms or as one phrase.

The text is bounded first: Lucene's work grows with the number of terms, does not stop when the
transaction's timeout fires (200,000 words ran 52 s against a 10 s timeout) and refuses more
than 1,024 clauses (each word is a clause per indexed property) with an internal error.
"""

from __future__ import annotations

import re

from papergraph.errors import InvalidInputError

__all__ = [
    "LUCENE_SPECIAL",
    "MAX_SEARCH_CHARS",
    "MAX_SEARCH_WORDS",
    "check_search_text",
    "lucene_phrase",
    "lucene_terms",
    "refuse_long_text",
]

MAX_SEARCH_CHARS = 500
MAX_SEARCH_WORDS = 32  # runs of letters or digits: what Lucene's analyzer makes terms of
_WORD = re.compile(r"[^\W_]+")

#: The characters Lucene's query syntax gives a meaning; escaped, each is text.
LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
_LUCENE_OPERATORS = re.compile(r"\b(AND|OR|NOT|TO)\b")


def check_search_text(text: str) -> None:
    """Refuse text longer than :data:`MAX_SEARCH_CHARS` or with more than
    :data:`MAX_SEARCH_WORDS` words, with :class:`InvalidInputError`."""
    refuse_long_text(
        text,
        words=sum(1 for _ in _WORD.finditer(text)),
        max_chars=MAX_SEARCH_CHARS,
        max_words=MAX_SEARCH_WORDS,
        hint="Give a few keywords or a short phrase.",
    )


def refuse_long_text(text: str, *, words: int, max_chars: int, max_words: int, hint: str) -> None:
    """Refuse, with :class:`InvalidInputError` saying the limit and ``hint``, a search text of
    more than ``max_chars`` characters or ``max_words`` words (``words``, as the caller counts
    them)."""
    if len(text) > max_chars:
        raise InvalidInputError(
            f"The search text is {len(text):,} characters long; at most {max_chars:,} "
            f"are searched for. {hint}"
        )
    if words > max_words:
        raise InvalidInputError(
            f"The search text has {words} words; at most {max_words} are searched for. {hint}"
        )


def lucene_terms(text: str) -> str:
    """``text`` as plain Lucene terms: operators and special characters lose their meaning.
    Too long a text is refused (:func:`check_search_text`)."""
    check_search_text(text)
    escaped = LUCENE_SPECIAL.sub(r"\\\1", text.strip())
    return _LUCENE_OPERATORS.sub(lambda m: m.group(1).lower(), escaped)


def lucene_phrase(text: str) -> str:
    """``text`` as one exact Lucene phrase (for a name or alias lookup)."""
    return '"' + lucene_terms(text) + '"'
