"""Verbs the POS tagger reads as nouns or adjectives (rule ``concept.no-finite-verb``).

The tagger, a small model distilled from spaCy's ``en_core_web_sm``, now and then takes a verb
beside nouns for a noun or an adjective: ``leverages unsupervised ensemble learning``, ``cost
metric assigns scores``, ``encode positional information``. Its teacher makes the same
mistakes (on ICLR 2021 and 2025 abstracts it tags ``encode`` an adjective 35 times in 104 and
``leverages`` a plural noun 28 times in 196), so no table of its tags can correct them. The
word's own morphology can: English has ``assigns``, ``excels``, ``leverages`` only as verbs
(lemminflect's lexicon lists no noun they are the plural of). The lexicon lacks some plurals
(``templates``, ``logs``, ``steels`` are verbs only to it), so the chunker cuts at such a word
only where the run goes on after it, as a verb's object does (``leverages unsupervised
ensemble learning``), never at a run's end (``access logs``). The base form is left alone: the
lexicon lists ``complete`` as a verb only, and ``encode`` read as an adjective is not caught.
"""

from __future__ import annotations

from functools import lru_cache

from ._tagging import Unit

__all__ = ["finite_verb"]


def finite_verb(unit: Unit) -> bool:
    """Whether ``unit`` is a third person English has only as a verb (``assigns``,
    ``leverages``): a verb the tagger may have misread."""
    word = unit.text.lower()
    return word.endswith("s") and not word.endswith("ss") and _verb_only(word) is not None


@lru_cache(maxsize=65_536)  # asked of every noun and adjective of every paper
def _verb_only(word: str) -> tuple[str, ...] | None:
    """The verb lemmas of ``word`` when lemminflect's lexicon knows it only as a verb."""
    if not word.isalpha():
        return None
    from lemminflect import getAllLemmas

    lemmas = getAllLemmas(word)
    return tuple(lemmas["VERB"]) if set(lemmas) == {"VERB"} else None
