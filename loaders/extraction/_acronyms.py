"""Find acronym definitions such as ``graph neural networks (GNNs)`` in tagged text.

The long form is matched to the acronym with the Schwartz & Hearst (2003) rule: the
acronym's letters appear in order in the long form, the first one starting a word, and the
long form has at most ``min(len + 5, 2 * len)`` words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ._normalise import is_acronym
from ._registry import acronym_form
from ._tagging import Unit

__all__ = ["Definition", "find_definitions"]

_BREAKS = frozenset({"PUNCT", "VERB", "AUX", "PRON", "SCONJ", "CCONJ"})


@dataclass(frozen=True)
class Definition:
    """An acronym and the unit span ``[start, end)`` of its long form."""

    acronym: str
    start: int
    end: int


def find_definitions(units: Sequence[Unit]) -> list[Definition]:
    """Return every ``long form (ACRONYM)`` definition in ``units``."""
    found: list[Definition] = []
    for i in range(1, len(units) - 2):
        if units[i].text == "(" and units[i + 2].text == ")" and is_acronym(units[i + 1].text):
            definition = _define(units, i, acronym_form(units[i + 1].text))
            if definition is not None:
                found.append(definition)
    return found


def _define(units: Sequence[Unit], paren: int, acronym: str) -> Definition | None:
    """Match ``acronym`` against the words before the parenthesis at ``paren``."""
    letters = [c.lower() for c in acronym if c.isalnum()]
    limit = min(len(letters) + 5, 2 * len(letters))
    start = paren
    while start > 0 and paren - start < limit and units[start - 1].pos not in _BREAKS:
        start -= 1
    words = [u.text for u in units[start:paren]]
    offset = _match(letters, words)
    return None if offset is None else Definition(acronym, start + offset, paren)


def _match(letters: list[str], words: list[str]) -> int | None:
    """Index of the first long-form word whose initial begins a match of ``letters``, or None."""
    for first in range(len(words) - 1, -1, -1):
        if words[first][:1].lower() == letters[0] and _subsequence(
            letters, " ".join(words[first:]).lower()
        ):
            return first if first < len(words) else None
    return None


def _subsequence(letters: list[str], text: str) -> bool:
    """Whether ``letters`` appear in order in ``text`` (each found after the previous one)."""
    position = 0
    for letter in letters:
        position = text.find(letter, position) + 1
        if position == 0:
            return False
    return True
