"""Loose modifiers: everyday words that do not start a keyphrase (``state-of-the-art
methods``, ``conventional collaborative filtering techniques``, ``popular benchmarks``) unless
the phrase is a name they belong to (``maximum likelihood estimation``, ``standard deviation``).

Which words are loose, and which phrases are names, is a statistic of a domain corpus, not a
word list: ``modifiers.json`` is built by ``scripts/build_modifier_table.py``, whose docstring
gives the measure (a loose word is common English that a paper does not repeat: it does not
carry the paper's topic; one the domain writes too seldom to judge so must also be an opinion
by a subjectivity lexicon).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

__all__ = ["MODIFIER_TABLE", "loose_start", "loose_word", "term_participle"]

MODIFIER_TABLE = Path(__file__).with_name("modifiers.json")
#: The longest name in the table, in words.
_MAX_WORDS = 4


@lru_cache(maxsize=1)
def _table() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    data = json.loads(MODIFIER_TABLE.read_text(encoding="utf-8"))
    return frozenset(data["loose"]), frozenset(data["names"]), frozenset(data["terms"])


def loose_word(word: str) -> bool:
    """Whether the lowercase ``word`` is a loose modifier (alone, it names nothing)."""
    return word in _table()[0]


def term_participle(word: str) -> bool:
    """Whether the lowercase past participle ``word`` opens terms (``federated learning``,
    ``masked autoencoders``) rather than saying what was done (``extracted features``)."""
    return word in _table()[2]


def loose_start(words: Sequence[str]) -> bool:
    """Whether a phrase of (lowercase) ``words`` starts with a loose modifier that is not part
    of a name: the phrase reads as well, and indexes better, without it."""
    loose, names, _ = _table()
    if len(words) < 2 or words[0] not in loose:
        return False
    return not any(" ".join(words[:n]) in names for n in range(2, _MAX_WORDS + 1))
