"""Find acronym definitions such as ``graph neural networks (GNNs)`` in tagged text.

The long form is found as in Schwartz & Hearst (2003): the acronym's letters appear in order
in it, the first one starting its first word, and it has at most ``min(len + 5, 2 * len)``
words. Their rule lets a letter come from anywhere in a word, so ``optimization (OPT)`` and
``adaptation (ADA)`` would pass; a wrong link is worse than none, so here each capital of the
acronym must begin a word or a part of one: after a hyphen or a digit (``chain-of-thought``
gives CoT, ``3D`` gives the D of 3DGS), inside a solid compound (``backpropagation`` gives BP,
``electroencephalography`` EEG), at a capital the authors wrote in to mark it (``Positional
Skip-wisE`` gives PoSE), or in an acronym inside the long form (``deep RL`` gives DRL).
Lowercase letters may come from inside words (``vision transformer`` gives ViT, ``low-rank
adaptation`` LoRA). A ``2`` or ``4`` after the first letter stands for the word it sounds like,
at a word's start (``text-to-image`` gives T2I). The cost: ``graph attention networks (GATs)`` is no definition (its T is
inside a word), so GAT stays a method name rather than an alias.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from ._normalise import STOPWORDS, is_acronym
from ._registry import acronym_form
from ._tagging import Unit

__all__ = ["Definition", "find_definitions", "lowercase_led"]

_BREAKS = frozenset({"PUNCT", "VERB", "AUX", "PRON", "SCONJ", "CCONJ"})
_WORD = re.compile(r"[^\W_]+")
_PART = 3  # letters each part of a solid compound needs
_ORDINARY_ZIPF = 3.0
#: A digit inside an acronym that stands for the word it sounds like: ``text-to-image (T2I)``,
#: ``sequence to sequence (Seq2Seq)``, ``Bag-of-Words for Science (BoW4S)``.
_DIGIT_WORDS = {"2": "to", "4": "for"}


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
        if units[i].text == "(" and units[i + 2].text == ")" and _acronym(units[i + 1].text):
            definition = _define(units, i, acronym_form(units[i + 1].text))
            if definition is not None:
                found.append(definition)
    return found


def _acronym(text: str) -> bool:
    """``GNNs``, an acronym led by a lowercase letter (``pFL``, personalized federated
    learning), and acronyms joined by a hyphen (``PA-LFA``: a named variant of ``LFA``), the
    last of which may be a capital letter alone (``SSE-C``: a classifier's C)."""
    if is_acronym(text) or lowercase_led(text):
        return True
    *parts, last = text.split("-")
    return bool(parts) and all(map(is_acronym, parts)) and (is_acronym(last) or _capital(last))


def lowercase_led(text: str) -> bool:
    """``pFL``, ``mRNA``: one lowercase letter before an acronym."""
    return len(text) > 2 and text[0].islower() and text[1:2].isupper() and is_acronym(text[1:])


def _capital(text: str) -> bool:
    return len(text) == 1 and text.isupper()


def _define(units: Sequence[Unit], paren: int, acronym: str) -> Definition | None:
    """Match ``acronym`` against the words before the parenthesis at ``paren``."""
    letters = "".join(c for c in acronym if c.isalnum())
    limit = min(len(letters) + 5, 2 * len(letters))
    start = paren
    while start > 0 and paren - start < limit and not _breaks(units[start - 1]):
        start -= 1
    words = [u.text for u in units[start:paren]]
    offset = _match(letters, words)
    return None if offset is None else Definition(acronym, start + offset, paren)


def _breaks(unit: Unit) -> bool:
    """Whether ``unit`` cannot be inside a long form. A gerund can: the tagger reads the noun
    in ``question answering (QA)`` or ``image captioning (IC)`` as a verb."""
    return unit.pos in _BREAKS and unit.tag != "VBG"


def _match(letters: str, words: list[str]) -> int | None:
    """Index of the nearest long-form word from which ``letters`` can be spelt, or None. A
    long form does not start with a function word: ``Overtaking on Simulated HighwAys (OSHA)``
    cut at the verb is no definition of OSHA as ``on Simulated HighwAys``."""
    for first in range(len(words) - 1, -1, -1):
        if words[first].lower() in STOPWORDS:
            continue
        if words[first][:1].lower() == letters[0].lower() and _spells(
            letters, " ".join(words[first:])
        ):
            return first
    return None


def _spells(letters: str, text: str) -> bool:
    """Whether ``letters`` can be taken in order from ``text``, the first at its start and
    every capital at the start of a word or of a part of one (see the module docstring)."""
    starts = _part_starts(text)
    lower = text.lower()

    @cache
    def spell(k: int, position: int) -> bool:
        if k == len(letters):
            return True
        letter = letters[k]
        word = _DIGIT_WORDS.get(letter, "") if k else ""
        return any(
            (
                lower[j] == letter.lower()
                and (not letter.isupper() or j in starts)
                and spell(k + 1, j + 1)
            )
            or (word and j in starts and lower.startswith(word, j) and spell(k + 1, j + len(word)))
            for j in range(position, len(text) if k else 1)
        )

    return spell(0, 0)


def _part_starts(text: str) -> set[int]:
    """Offsets in ``text`` where a word or a part of one begins. In a long form that is not all
    capitals, each letter of a word in capitals starts a word it abbreviates (``deep RL``)."""
    shouting = not any(c.islower() for c in text)
    starts: set[int] = set()
    for match in _WORD.finditer(text):
        word, offset = match.group(), match.start()
        if word.isupper() and not shouting:
            starts.update(range(offset, match.end()))
        else:
            starts.add(offset)
            starts.update(offset + i for i in _inner_starts(word))
    return starts


@lru_cache(maxsize=4096)
def _inner_starts(word: str) -> frozenset[int]:
    """Offsets inside one word where a part begins: after a digit (``3D``), a linking ``o``
    (``electro|encephalo|graphy``), between two ordinary words (``back|propagation``), or at a
    capital the authors wrote in (``HyperCombinator``, ``wisE``; not inside ``OPTIMIZATION``)."""
    marked = not word.isupper()
    return frozenset(
        i
        for i in range(1, len(word))
        if (word[i - 1].isdigit() and word[i].isalpha())
        or (marked and word[i].isupper())
        or (word[i].isalpha() and _compound_at(word.lower(), i))
    )


def _compound_at(word: str, i: int) -> bool:
    """Whether a solid compound ``word`` splits into two parts at ``i``."""
    left, right = word[:i], word[i:]
    if len(left) < _PART or len(right) < _PART or not left.isalpha():
        return False
    return left.endswith("o") or (_ordinary(left) and _ordinary(right))


@lru_cache(maxsize=65_536)
def _ordinary(word: str) -> bool:
    """An ordinary English word by wordfreq (Zipf 3: ``parameter`` 3.6, not ``ation`` 2.1)."""
    from wordfreq import zipf_frequency

    return bool(zipf_frequency(word, "en") >= _ORDINARY_ZIPF)
