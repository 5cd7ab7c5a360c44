"""Identity of a paper across sources, derived from its abstract.

The same paper often arrives from several sources with small differences: a missing final
full stop, ``'`` for a curly apostrophe (U+2019), LaTeX or markdown markup, a ligature, a
full-width character.
:func:`normalise_abstract` removes exactly those differences, and the two ids below are
hashes of its result:

- :func:`match_key` is ``sha1(normalised abstract)`` as 16 lower-case hex digits (64 bits).
  Two records with equal keys are the same paper.
- :func:`content_id` is ``"pg-" + match_key(abstract)``, e.g. ``"pg-3f1c0d9a2b7e4c51"``: the
  stable id of a paper whose source gives none. The ``pg-`` prefix keeps it apart from source
  ids such as OpenReview's ten-character ids.

Both are stable across runs, machines and file formats. They change only if
:func:`normalise_abstract` changes, which a golden-value test guards.
"""

from __future__ import annotations

import hashlib
import html
import re
import unicodedata

__all__ = ["content_id", "match_key", "normalise_abstract", "titled_key"]

_CONTENT_ID_PREFIX = "pg-"
_KEY_HEX_DIGITS = 16
# Curly, low, reversed and prime quotes, grave and acute accents, guillemets.
_QUOTES = str.maketrans(
    dict.fromkeys("\u2018\u2019\u201a\u201b\u2032`\u00b4", "'")
) | str.maketrans(dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb", '"'))
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_NOT_ALPHANUMERIC = re.compile(r"[\W_]+")


def normalise_abstract(text: str) -> str:
    """Reduce ``text`` to case-folded words of letters and digits separated by single spaces.

    Steps: decode HTML entities, NFKC (ligatures, full-width forms), unify curly and straight
    quotes, drop LaTeX command names (``\\textbf``), replace every other non-alphanumeric
    character (punctuation, ``$``, ``*``, braces, quotes) by a space, case-fold, collapse spaces.
    """
    text = unicodedata.normalize("NFKC", html.unescape(text)).translate(_QUOTES)
    text = _NOT_ALPHANUMERIC.sub(" ", _LATEX_COMMAND.sub(" ", text))
    return " ".join(text.casefold().split())


def match_key(abstract: str) -> str:
    """Short hash of the normalised abstract; equal keys mean the same paper in any source."""
    digest = hashlib.sha1(normalise_abstract(abstract).encode("utf-8"), usedforsecurity=False)
    return digest.hexdigest()[:_KEY_HEX_DIGITS]


def content_id(abstract: str) -> str:
    """Stable id for a paper without one: ``"pg-"`` followed by :func:`match_key`."""
    return _CONTENT_ID_PREFIX + match_key(abstract)


def titled_key(abstract: str, title: str | None) -> str:
    """The key of a paper whose abstract another paper with a different title already has:
    the hash of the normalised abstract and title (a title alone is not unique enough)."""
    text = normalise_abstract(abstract) + "\n" + normalise_abstract(title or "")
    digest = hashlib.sha1(text.encode("utf-8"), usedforsecurity=False)
    return digest.hexdigest()[:_KEY_HEX_DIGITS]
