"""Candidates that read as noun phrases but name no concept: fillers and verb forms.

- A *filler* pairs a vague head (``results``, ``cost``, ``outcomes``, ``predictions``) with
  nothing but evaluative modifiers: ``slow inference``, ``low-quality results``, ``hidden
  cost``, ``noisier predictions``, ``undesirable outcomes``. The modifier judges; it does not
  say which idea. A comparative or superlative (``noisier``, ``best``) judges too. A modifier
  that says which (``hidden Markov model``, ``computational cost``) keeps the phrase.
- A *verb form* is a word English writes only as a verb, in its base or third-person form,
  that the tagger read as a noun: ``mitigates numerical issues``, ``encode positional
  information``, ``cost metric assigns scores``. lemminflect's lexicon says which words are
  verbs only; participles (``learned``, ``training``) modify nouns and are no verb form here.
  The noun phrases on either side of the verb are what the paper writes whole.
"""

from __future__ import annotations

from functools import lru_cache

from ._modifiers import loose_word
from ._normalise import GENERIC_HEADS, GENERIC_MODIFIERS

__all__ = ["filler", "verb_forms"]

#: Modifiers that judge or grade rather than say which idea (with ``GENERIC_MODIFIERS``
#: and the loose modifiers of ``modifiers.json``).
_EVALUATIVE = frozenset(
    [
        "costly",
        "desirable",
        "expensive",
        "fast",
        "heavy",
        "hidden",
        "high-quality",
        "holistic",
        "huge",
        "impressive",
        "inferior",
        "insufficient",
        "interesting",
        "intriguing",
        "limited",
        "low-quality",
        "marginal",
        "massive",
        "modest",
        "negligible",
        "noisy",
        "poor",
        "preliminary",
        "prohibitive",
        "provable",
        "satisfactory",
        "severe",
        "slow",
        "suboptimal",
        "surprising",
        "thorough",
        "tremendous",
        "undesirable",
        "undesired",
        "unsatisfactory",
        "unwanted",
    ]
)
#: Heads a judgement turns into filler, besides the vague heads of ``GENERIC_HEADS``.
_JUDGED_HEADS = GENERIC_HEADS | frozenset(
    [
        "benefit",
        "comparison",
        "concern",
        "consequence",
        "counterpart",
        "drawback",
        "inference",
        "overhead",
        "prediction",
        "shortcoming",
    ]
)
#: Verbs the field also writes as nouns (``compute budget``).
_NOUN_USES = frozenset(["compute"])


def filler(modifiers: list[str], head: str) -> bool:
    """Whether a phrase's ``modifiers`` as written (lowercase, hyphens kept) are evaluative
    and its ``head`` (its key's last word) vague: ``slow inference``, ``low-quality result``."""
    return bool(modifiers) and head in _JUDGED_HEADS and all(map(_judges, modifiers))


def _judges(word: str) -> bool:
    if word in _EVALUATIVE or word in GENERIC_MODIFIERS or loose_word(word):
        return True
    adjective = _lemmas(word).get("ADJ")
    return adjective is not None and adjective[0] != word  # ``noisier``, ``best``


def verb_forms(words: list[str]) -> list[int]:
    """The positions of ``words`` that English writes only as a verb, in its base or
    third-person form (``mitigates``, ``encode``, ``assigns``)."""
    return [i for i, word in enumerate(words) if _verb_only(word)]


def _verb_only(word: str) -> bool:
    if not word.isalpha() or word in _NOUN_USES:
        return False
    lemmas = _lemmas(word)
    if set(lemmas) != {"VERB"}:
        return False
    base = lemmas["VERB"][0]
    return word in (base, base + "s", base + "es", base[:-1] + "ies")


@lru_cache(maxsize=65_536)
def _lemmas(word: str) -> dict[str, tuple[str, ...]]:
    from lemminflect import getAllLemmas

    lemmas: dict[str, tuple[str, ...]] = getAllLemmas(word)
    return lemmas
