"""Homonyms: one surface form, two things. The optimizer ``Adam`` and an agent a paper calls
``ADAM`` share the method key ``adam``; the graph must keep them apart.

Rule (``sense.own-acronym``): a name a paper *introduces*, written in capitals, whose letters
spell a common English word or name (``ADAM``, ``EAGLE``, ``MAP``), and which the paper spells
out with a long form of its own (``ADAM (Autonomous Discovery Agent for Minecraft)``, or
``ADAM, An emboDied causal Agent in Minecraft``, the capitals of the long form spelling the
name) names a new thing, an acronym, not the word or the name written in ordinary case: its
key carries its long form (``adam (autonomous discovery agent for minecraft)``, less a
leading article). Every other
mention of the form (``Adam``, ``the Adam optimizer``, ``ADAM`` written without a long form)
keeps the plain key, so the papers that only use a name stay linked to one node.

Names the paper does not spell out, mixed-case coinages (``LoRA``) and acronyms that spell no
word (``GPT``) are never split: a wrong split loses a method's papers, a missed one only
leaves two senses together.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ._methods import MethodCandidate
from ._normalise import STOPWORDS, method_key
from ._tagging import Unit

__all__ = ["marked_long_forms", "sense_key"]

#: How often English writes a word (wordfreq's Zipf scale) for a name in capitals that spells
#: it to have another sense of its own: ``adam`` 4.6, ``map`` 5.3, ``dream`` 5.1, ``eagle``
#: 4.1 (a concept or a name in ordinary case, which the new name would otherwise absorb); not
#: ``pew`` 3.4 or ``atlas`` 3.8, rarer words a paper's acronym seldom meets.
_WORD_ZIPF = 4.0
_MIN_LETTERS = 3
#: Units an appositive long form may run to after ``NAME,`` before its comma or full stop.
_APPOSITIVE_REACH = 10
_CAPITALS = re.compile(r"[A-Z]")


def sense_key(method: MethodCandidate) -> str:
    """``method``'s key, qualified by its long form where the paper introduces a homonym of an
    English word (see the module docstring)."""
    long_forms = [a for a in method.aliases if " " in a]
    if not (method.proposed and long_forms and _word_in_capitals(method.name)):
        return method.key
    words = long_forms[0].split(" ")
    while len(words) > 1 and words[0].lower() in STOPWORDS:
        words = words[1:]  # ``An emboDied causal Agent``: the article is no part of the name
    return f"{method.key} ({method_key(' '.join(words))})"


@lru_cache(maxsize=4096)
def _word_in_capitals(name: str) -> bool:
    if not (name.isalpha() and name.isupper() and len(name) >= _MIN_LETTERS):
        return False
    from wordfreq import zipf_frequency

    return bool(zipf_frequency(name.lower(), "en") >= _WORD_ZIPF)


def marked_long_forms(methods: Sequence[MethodCandidate], units: Sequence[Unit]) -> None:
    """Give each name in capitals the long form set beside it whose capitals spell it:
    ``ADAM, An emboDied causal Agent in Minecraft,`` (the authors mark the letters the name
    takes with capitals)."""
    by_name = {m.name: m for m in methods if m.name.isupper() and m.name.isalpha()}
    for i, unit in enumerate(units[:-2]):
        method = by_name.get(unit.text)
        if method is None or units[i + 1].text != ",":
            continue
        form = _appositive(units, i + 2)
        if form and "".join(_CAPITALS.findall(form)) == method.name and form not in method.aliases:
            method.aliases.append(form)


def _appositive(units: Sequence[Unit], start: int) -> str | None:
    """The words from ``start`` up to the next comma or full stop, if they end within reach."""
    words: list[str] = []
    for unit in units[start : start + _APPOSITIVE_REACH]:
        if unit.text in (",", ".", ";"):
            return " ".join(words) if len(words) > 1 else None
        words.append(unit.text)
    return None
