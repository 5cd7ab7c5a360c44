"""Candidates that read as noun phrases but name no concept: fillers, reports and verb forms.

- A *filler* pairs a vague head (``results``, ``cost``, ``outcomes``, ``predictions``) with
  nothing but evaluative modifiers: ``slow inference``, ``low-quality results``, ``hidden
  cost``, ``noisier predictions``, ``undesirable outcomes``. The modifier judges; it does not
  say which idea. A regular comparative or superlative (``noisier``) judges too. A modifier
  that says which (``hidden Markov model``, ``noisy label``) keeps the phrase, and so does a
  head that names a thing (``noisy inputs``, ``fast algorithms``).
- A *report* has a head that reports on the research, how it went or what it faces, rather
  than naming a subject, whatever its modifiers say: ``generalization capabilities``,
  ``model effectiveness``, ``human annotation efforts``. Research authors almost never list
  such a phrase as a keyword (see ``_REPORT_HEADS``).
- A *verb form* is a word English writes only as a verb, in its third-person form,
  that the tagger read as a noun: ``mitigates numerical issues``, ``leverages unsupervised
  ensemble learning``, ``cost metric assigns scores``. lemminflect's lexicon says which words
  are verbs only; it lacks some nouns (``bar``, ``etch``), so only a third-person form before
  the head counts. Participles (``learned``, ``training``) modify nouns and are no verb form.
  The noun phrases on either side of the verb are what the paper writes whole.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["filler", "reports", "verb_forms"]

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


#: Heads of phrases that report on the research, how it went or what it faces, and name no
#: subject: ``generalization capabilities``, ``model effectiveness``, ``human annotation
#: efforts``, ``full-precision counterparts``. Of the ICLR 2021 papers (``../shared/data``)
#: whose abstract writes a phrase ending in one of them, under 2 % have their authors list a
#: keyword ending in it (``capability`` 0 of 77, ``gain`` 2 of 101; ``learning`` 1,031 of
#: 1,656, ``attack`` 47 of 153). Heads that name a subject in other sciences stay out
#: (``electric potential``, ``brane world scenario``, ``environmental impact``, ``feature
#: importance``), and so do ``performance`` and ``cost``, which engineering keywords use
#: (``system performance``, ``computational cost``).
_REPORT_HEADS = frozenset(
    ["ability", "advantage", "capability", "comparison", "concern", "consequence",
     "contribution", "counterpart", "difficulty", "drawback", "effectiveness", "efficacy",
     "effort", "finding", "gain", "insight", "limitation", "manner", "outcome", "progress",
     "shortcoming", "success"]
)  # fmt: skip


def reports(head: str) -> bool:
    """Whether a phrase with this ``head`` (its key's last word) reports on the research
    rather than naming a subject: ``model effectiveness``, ``generalization capability``."""
    return head in _REPORT_HEADS


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
