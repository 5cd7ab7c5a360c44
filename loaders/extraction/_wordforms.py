"""English word forms from kept libraries: singular nouns, American spellings, known words.

- Singulars come from lemminflect's English lexicon, which knows Latin and Greek plurals
  (``matrices``, ``hypotheses``, ``vertices``) and that ``analysis``, ``bias``, ``lens``,
  ``series``, ``data`` and ``dynamics`` are singular already; its first lemma is taken
  (``games`` → ``game``, though it lists ``games`` too). An ``-ics`` word it lists as a lemma
  of its own names a field and stays (``statistics``, ``optics``); other listed plurals lose
  their ``s``: ``metrics``, ``heuristics``, and ``graphics`` too. A word missing from the
  lexicon is guessed by lemminflect's suffix rules, and only when asked to (the tagger read it
  as plural), when it ends in ``s`` and not in an ending that marks a singular (``-ss``,
  ``-us``, ``-is``, ``-ous``, and ``-ics``, the fields: ``genomics``, ``kinetics``), so
  ``GFlowNets`` is ``GFlowNet`` but a name such as ``Keras`` read as singular stays. A guess
  that is no English word while the word is one is not taken (``modus ponens`` keeps its
  ``s``; ``ponen`` is no word). Acronym
  plurals (``GNNs``) lose their ``s``; an all-capital word (``3DGS``, ``TIES``) is kept, its
  last S being a letter of the name, unless it has five letters or more and the lexicon knows
  it as a plural (``MODELS`` in a title set in capitals is ``MODEL``).
  A Latin or Greek plural the lexicon lacks (``hippocampi``) takes lemminflect's suffix-rule
  singular when it has a Latin or Greek singular ending and English writes it more often
  than the plural (``hippocampus``), whatever the tagger read; ``sora`` is no plural of
  ``sorum``, nor ``multi`` of ``multus``.
- American spellings come from breame's British→American list (``behaviour``, ``modelling``,
  ``generalisation``). An ``-ise`` word it lacks (``tokenisation``, ``optimiser``) takes
  ``-ize`` when wordfreq finds that spelling the commoner, which keeps ``noise``, ``precise``
  and ``expertise``.
- A known word is one in wordfreq's English frequency list.

lemminflect hooks itself into spaCy when imported (``Token._.lemma``), importing spaCy if it
is installed, so it is imported on the first singular asked for, not with this module.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = [
    "american_spelling",
    "head_index",
    "in_lexicon",
    "is_known_word",
    "singular",
    "zipf",
]

#: Letters a word in capitals needs before it is read as an English word, not an acronym.
_SHOUTED_LETTERS = 5
#: Endings of singular words that lemminflect's suffix rules would cut (``genomics`` → ``genomic``).
_SINGULAR_ENDINGS = ("ss", "us", "is", "ous", "ics")
#: Latin and Greek plural endings, and the singular endings they come from.
_CLASSICAL_PLURALS = ("i", "ae", "a")
_CLASSICAL_SINGULARS = ("us", "um", "on", "a")
#: British ``-ise`` forms: the stem, then the ending after ``is``.
_ISE = re.compile(r"^([a-z]{3,})is(e|es|ed|er|ers|ing|ings|ation|ations|able|ability)$")


def head_index(words: list[str]) -> int:
    """Index of a phrase's head noun: the last word, or in ``X of Y`` the word before ``of``
    (``mixtures of experts``)."""
    lowered = [w.lower() for w in words]
    if "of" in lowered[1:-1]:
        return lowered.index("of", 1) - 1
    return len(words) - 1


@lru_cache(maxsize=65_536)  # called for every candidate of every abstract
def singular(word: str, *, guess: bool = True) -> str:
    """Return the singular of an English noun, keeping its case (``Networks`` → ``Network``,
    ``matrices`` → ``matrix``, ``KV-caches`` → ``KV-cache``); a singular comes back as it is.
    ``guess=False`` changes only words in the lexicon (see the module docstring)."""
    if "-" in word:
        parts = word.split("-")
        i = head_index(parts)
        return "-".join([*parts[:i], singular(parts[i], guess=guess), *parts[i + 1 :]])
    if len(word) > 2 and word.endswith("s") and word[-2].isupper():
        return word[:-1]  # acronym plural: GNNs, LoRAs
    if len(word) < 3 or not word.isalpha():
        return word
    if word.isupper():
        return _shouted(word)
    return _with_case(word, _lemma(word.lower(), guess=guess))


def _shouted(word: str) -> str:
    """An English plural in capitals (``MODELS`` in a title set in capitals) is made singular
    by the lexicon; an acronym is kept (``3DGS``, and short ones such as ``TIES`` whatever
    they spell: its last S may be a letter of the name)."""
    if len(word) < _SHOUTED_LETTERS:
        return word
    return _with_case(word, _lemma(word.lower(), guess=False))


def _lemma(word: str, *, guess: bool) -> str:
    """The singular of a lowercase noun by lemminflect (see the module docstring)."""
    from lemminflect import getAllLemmas, getAllLemmasOOV

    known: tuple[str, ...] = getAllLemmas(word, upos="NOUN").get("NOUN", ())
    if known:
        return word if word.endswith("ics") and word in known else known[0]
    if word.endswith(_CLASSICAL_PLURALS):
        return _classical_singular(word)
    if not guess or not word.endswith("s") or word.endswith(_SINGULAR_ENDINGS):
        return word
    guessed: tuple[str, ...] = getAllLemmasOOV(word, upos="NOUN").get("NOUN", ())
    single = guessed[0] if guessed else word
    # a cut that leaves no English word of a word English has is a wrong cut: "ponens"
    return word if is_known_word(word) and not is_known_word(single) else single


def _classical_singular(word: str) -> str:
    """``hippocampi`` → ``hippocampus``: the suffix rules' singular, when English has it."""
    from lemminflect import getAllLemmasOOV

    guessed: tuple[str, ...] = getAllLemmasOOV(word, upos="NOUN").get("NOUN", ())
    single = guessed[0] if guessed else word
    latin = single != word and single.endswith(_CLASSICAL_SINGULARS)
    # English writes a real singular more often than its plural; a cut name (sora → sorum) not
    return single if latin and _frequency(single) > _frequency(word) else word


def _with_case(word: str, lemma: str) -> str:
    """``lemma`` with the capitals of ``word`` over their common start (``Matrices`` → ``Matrix``)."""
    pairs = zip(word.lower(), lemma)
    common = next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(word), len(lemma)))
    return word[:common] + lemma[common:]


@lru_cache(maxsize=65_536)  # called for every word of every candidate key
def american_spelling(word: str) -> str:
    """Return the American spelling of a lowercase word (``behaviour`` → ``behavior``)."""
    from breame.spelling import get_american_spelling

    spelled: str = get_american_spelling(word)
    if spelled != word:
        return spelled
    match = _ISE.match(word)
    if match is None:
        return word
    ize = f"{match.group(1)}iz{match.group(2)}"
    return ize if _frequency(ize) > _frequency(word) else word


@lru_cache(maxsize=262_144)
def zipf(word: str) -> float:
    """wordfreq's Zipf frequency of a lowercase English word (0 when it has none)."""
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en"))


@lru_cache(maxsize=65_536)
def in_lexicon(word: str) -> bool:
    """Whether a lowercase word is in lemminflect's English lexicon (a dictionary: wordfreq's
    list, counted from web text, also holds acronyms written in lowercase, ``nlp``, ``kl``)."""
    from lemminflect import getAllLemmas

    return bool(getAllLemmas(word))


def is_known_word(word: str) -> bool:
    """Whether a lowercase word is in wordfreq's English frequency list."""
    return _frequency(word) > 0


def _frequency(word: str) -> float:
    from wordfreq import get_frequency_dict  # cached by wordfreq: one table per process

    frequency: float = get_frequency_dict("en").get(word, 0.0)
    return frequency
