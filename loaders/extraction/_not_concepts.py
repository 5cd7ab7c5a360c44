"""Candidates that read as noun phrases but name no concept: fillers and verb forms.

- A *filler* pairs a vague head (``results``, ``cost``, ``outcomes``, ``predictions``) with
  nothing but evaluative modifiers: ``slow inference``, ``low-quality results``, ``hidden
  cost``, ``noisier predictions``, ``undesirable outcomes``. The modifier judges; it does not
  say which idea. A regular comparative or superlative (``noisier``) judges too. A modifier
  that says which (``hidden Markov model``, ``computational cost``) keeps the phrase, and so
  does a head that names a thing (``noisy inputs``, ``fast algorithms``).
- A *verb form* is a word English writes only as a verb, in its third-person form,
  that the tagger read as a noun: ``mitigates numerical issues``, ``leverages unsupervised
  ensemble learning``, ``cost metric assigns scores``. lemminflect's lexicon says which words
  are verbs only; it lacks some nouns (``bar``, ``etch``), so only a third-person form before
  the head counts. Participles (``learned``, ``training``) modify nouns and are no verb form.
  The noun phrases on either side of the verb are what the paper writes whole.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["filler", "verb_forms"]

#: Modifiers that judge rather than say which idea.
_EVALUATIVE = frozenset(
    [
        "costly",
        "desirable",
        "expensive",
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
        "poor",
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
#: Heads that only report how something went, which a judgement turns into filler.
_JUDGED_HEADS = frozenset(
    [
        "benefit",
        "comparison",
        "concern",
        "consequence",
        "cost",
        "counterpart",
        "drawback",
        "effectiveness",
        "efficacy",
        "effort",
        "gain",
        "improvement",
        "inference",
        "manner",
        "outcome",
        "overhead",
        "prediction",
        "result",
        "shortcoming",
    ]
)


def filler(modifiers: list[str], head: str) -> bool:
    """Whether a phrase's ``modifiers`` as written (lowercase, hyphens kept) are evaluative
    and its ``head`` (its key's last word) vague: ``slow inference``, ``low-quality result``."""
    return bool(modifiers) and head in _JUDGED_HEADS and all(map(_judges, modifiers))


def _judges(word: str) -> bool:
    return word in _EVALUATIVE or _graded(word)


def _graded(word: str) -> bool:
    """A regular comparative or superlative of an adjective: ``noisier``, ``tighter``."""
    if not word.endswith(("er", "est")):
        return False
    lemmas = _lemmas(word)
    return set(lemmas) == {"ADJ"} and lemmas["ADJ"][0] != word


def verb_forms(words: list[str]) -> list[int]:
    """The positions, before the head, of the lowercase words in ``words`` (a phrase as
    written) that English writes only as a verb, in the third person: ``mitigates``,
    ``leverages``, ``assigns``. A head is left alone (``bars``, ``etches`` may be nouns
    lemminflect's lexicon lacks), and so are base forms (``complete``, ``resist``)."""
    return [i for i, word in enumerate(words[:-1]) if _third_person_verb(word)]


def _third_person_verb(word: str) -> bool:
    if not (word.isalpha() and word.islower()):
        return False
    lemmas = _lemmas(word)
    if set(lemmas) != {"VERB"}:
        return False
    base = lemmas["VERB"][0]
    return word != base and word in (base + "s", base + "es", base[:-1] + "ies")


@lru_cache(maxsize=65_536)
def _lemmas(word: str) -> dict[str, tuple[str, ...]]:
    from lemminflect import getAllLemmas

    lemmas: dict[str, tuple[str, ...]] = getAllLemmas(word)
    return lemmas
