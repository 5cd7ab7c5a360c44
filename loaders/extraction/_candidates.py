"""Noun-phrase candidates from POS-tagged units, with their normalised keys.

A chunk is a maximal run of modifiers (adjectives, nouns, participles) ending in a noun.
Every sub-span of a chunk that starts with a content word and ends with a noun is a
candidate, so ``dynamic graph neural networks`` also offers ``graph neural networks``. A
candidate never starts or ends with a stopword, a verb or an evaluative adjective.

A candidate must end a chunk somewhere in the document. One that only ever modifies the next
noun is a fragment of a longer phrase: an RL paper writes ``reinforcement learning``
throughout, never ``reinforcement`` alone, and ``large language`` only ever comes before
``model``. Acronyms are exempt: ``RL`` in ``RL agents`` names the concept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ._normalise import (
    GENERIC_HEADS,
    GENERIC_MODIFIERS,
    STOPWORDS,
    concept_key,
    is_acronym,
    singular,
)
from ._tagging import Unit
from ._wordforms import head_index

_EVERYDAY_ZIPF = 4.5
__all__ = ["Candidate", "collect_candidates"]

_HEADS = frozenset({"NOUN", "PROPN"})
_MODIFIERS = frozenset({"NOUN", "PROPN", "ADJ"})
_PARTICIPLES = frozenset({"VBN", "VBG"})
_PLURAL_TAGS = frozenset({"NNS", "NNPS"})
_MAX_WORDS = 4
_MAX_CHUNK = 8
#: A number, or a number with a unit (``2024``, ``128k``, ``1.3b``, ``10x``).
_QUANTITY = re.compile(r"^\d[\d.,]*[a-z]{0,2}$")

#: Resolves an acronym to the words of its expansion, or None.
Expander = Callable[[str], "list[str] | None"]


@dataclass
class Candidate:
    """A candidate keyphrase of one document and how it occurs there."""

    key: str
    surfaces: list[str] = field(default_factory=list)
    count: int = 0
    first: int = 0
    in_title: bool = False

    @property
    def name(self) -> str:
        """Display form: the first surface seen, in its least capitalised spelling (the text's
        ``graph neural networks`` over the title's ``Graph Neural Networks``, or a sentence's
        ``Diffusion models``), with its head noun made singular (the word before ``of`` in
        ``Mixtures of Experts``). The author's spelling stays: ``modelling`` is not made
        ``modeling`` as it is in the key."""
        first = self.surfaces[0].lower()
        surface = min((s for s in self.surfaces if s.lower() == first), key=_capitals)
        words = surface.split(" ")
        head = head_index(words)
        return " ".join([*words[:head], singular(words[head]), *words[head + 1 :]])


def _capitals(text: str) -> int:
    """How many capital letters ``text`` has."""
    return sum(c.isupper() for c in text)


def collect_candidates(
    units: Sequence[Unit], *, title_end: int, expand: Expander
) -> dict[str, Candidate]:
    """Return the candidates of one document by key, in order of first occurrence."""
    found: dict[str, Candidate] = {}
    standalone: set[str] = set()  # keys that end a chunk somewhere (see the module docstring)
    for start, end in _chunks(units):
        for i in range(start, end):
            for j in range(i + 1, min(end, i + _MAX_WORDS) + 1):
                if _well_formed(units, i, j):
                    key = _add(found, units[i:j], i, i < title_end, expand)
                    if key and (j == end or is_acronym(units[j - 1].text)):
                        standalone.add(key)
    return {key: candidate for key, candidate in found.items() if key in standalone}


def _chunks(units: Sequence[Unit]) -> list[tuple[int, int]]:
    """Spans ``[start, end)`` of maximal modifier runs that end in a noun."""
    spans: list[tuple[int, int]] = []
    start = None
    for i, unit in enumerate([*units, Unit("", "X", "")]):
        if _modifier(unit) and not (start is not None and _clause_start(units[i - 1], unit)):
            start = i if start is None else start
            continue
        if start is not None:
            end = _trim_end(units, start, i)
            if end > start:
                spans.append((max(start, end - _MAX_CHUNK), end))
        start = None
    return spans


def _clause_start(previous: Unit, unit: Unit) -> bool:
    """A participle right after a noun starts a clause (``methods using dropout``), not a modifier."""
    return unit.tag in _PARTICIPLES and unit.pos != "ADJ" and previous.pos in _HEADS


def _modifier(unit: Unit) -> bool:
    text = unit.text
    if not text[:1].isalnum() or text.lower() in STOPWORDS:
        return False
    return unit.pos in _MODIFIERS or unit.tag in _PARTICIPLES


def _trim_end(units: Sequence[Unit], start: int, end: int) -> int:
    while end > start and units[end - 1].pos not in _HEADS:
        end -= 1
    return end


def _well_formed(units: Sequence[Unit], i: int, j: int) -> bool:
    """Whether ``units[i:j]`` makes a keyphrase: content word first, noun last, not vague."""
    first, last = units[i], units[j - 1]
    if last.pos not in _HEADS or (first.tag in _PARTICIPLES and first.pos != "ADJ"):
        return False
    if first.text.lower() in GENERIC_MODIFIERS or len(last.text) < 2:
        return False
    if j - i == 1:
        return _good_single(first)
    return True


def _good_single(unit: Unit) -> bool:
    """A one-word candidate must be specific: not a vague head, not a number or a quantity
    (``128K``), and not an everyday English word (``data``, ``training``, ``image``), which says
    nothing on its own in a paper's index."""
    word = singular(unit.text).lower()
    # a quantity is judged on the surface form: ``3DGS`` made singular would read ``3DG``
    if word in GENERIC_HEADS or len(word) <= 2 or _QUANTITY.match(unit.text.lower()):
        return False
    return _specific(word)


@lru_cache(maxsize=65_536)
def _specific(word: str) -> bool:
    """Rarer than everyday English: Zipf frequency below 4.5 in wordfreq's general lists
    (``diffusion`` 3.4 and ``tokenization`` 1.7 pass; ``data`` 5.3 and ``image`` 4.9 do not).

    Plain lowercase words are looked up in wordfreq's table directly; ``zipf_frequency`` first
    re-tokenises its input, which costs a quarter of a millisecond a word.
    """
    if word.isascii() and word.isalpha() and word.islower():
        frequency = _english_frequencies().get(word, 0.0)
        return frequency < 10 ** (_EVERYDAY_ZIPF - 9)  # Zipf = log10(frequency) + 9
    from wordfreq import zipf_frequency

    return bool(zipf_frequency(word, "en") < _EVERYDAY_ZIPF)


@lru_cache(maxsize=1)
def _english_frequencies() -> dict[str, float]:
    from wordfreq import get_frequency_dict

    frequencies: dict[str, float] = get_frequency_dict("en")
    return frequencies


def _add(
    found: dict[str, Candidate],
    span: Sequence[Unit],
    position: int,
    in_title: bool,
    expand: Expander,
) -> str:
    """Record ``span`` under its key; return the key (empty when it has none)."""
    key = concept_key(_key_words(span, expand), plural_head=False)
    if not key:
        return key
    candidate = found.get(key)
    if candidate is None:
        candidate = found[key] = Candidate(key, first=position)
    candidate.count += 1
    candidate.in_title = candidate.in_title or in_title
    surface = " ".join(u.text for u in span)
    if surface not in candidate.surfaces:
        candidate.surfaces.append(surface)
    return key


def _key_words(span: Sequence[Unit], expand: Expander) -> list[str]:
    """Words of ``span`` with known acronyms expanded and its head made singular first: an
    expanded modifier may hold ``of`` (``MoE layers``: ``mixture of experts layer``)."""
    *modifiers, head = span
    words = _expanded_words(modifiers, expand)
    expansion = expand(head.text) if is_acronym(head.text) else None
    if expansion:
        return [*words, *expansion]  # already a key: singular
    plural = head.tag in _PLURAL_TAGS or is_acronym(head.text)
    return [*words, singular(head.text) if plural else head.text]


def _expanded_words(span: Sequence[Unit], expand: Expander) -> list[str]:
    """Words of ``span`` with every known acronym replaced by its expansion's words."""
    words: list[str] = []
    for unit in span:
        expansion = expand(unit.text) if is_acronym(unit.text) else None
        words.extend(expansion if expansion else [unit.text])
    return words
