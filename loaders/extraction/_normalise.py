"""Word lists and normal forms: one idea gets one key, whatever its case, number or hyphens.

The word lists are generic English and generic academic prose (``novel``, ``paper``,
``experiments``); none is tuned to a particular corpus.
"""

from __future__ import annotations

import re

__all__ = [
    "GENERIC_HEADS",
    "GENERIC_MODIFIERS",
    "STOPWORDS",
    "concept_key",
    "is_acronym",
    "method_key",
    "singular",
]

STOPWORDS = frozenset(
    """a about above after again against all also although am among an and any are as at be because
        been before being below between both but by can could did do does doing down during each
        either else etc even ever every few for from further had has have having he her here hers
        him his how however i if in into is it its itself just least less let many may me might more
        most much must my neither no nor not now of off often on once one only onto or other others
        otherwise our ours out over own per perhaps rather same several she should since so some
        such than that the their theirs them then there therefore these they this those though
        through thus to too under until up upon us very via was we were what whatever when where
        whereas whether which while who whom whose why will with within without would yet you your
        regarding including following according concerning involving using given""".split()
)

#: Evaluative or vague adjectives that never start a good keyphrase ("novel method").
GENERIC_MODIFIERS = frozenset(
    """additional available better certain challenging common comprehensive considerable crucial
        current diverse different due effective efficient empirical essential excellent existing
        extensive favorable first further good great high higher important improved key large-scale
        main major many multiple new notable novel numerous other overall particular powerful
        previous primary prior promising proposed recent related relevant remarkable respective same
        second significant similar simple specific standard strong substantial such superior various
        wide widespread""".split()
)

#: Heads too vague to be a concept on their own ("approach", "results").
GENERIC_HEADS = frozenset(
    """ability account addition advantage amount analysis application approach area art aspect
        attempt baseline behavior benchmark capability case challenge change choice code
        contribution core cost degree demonstration design detail development difference difficulty
        direction effect effectiveness efficiency end evaluation evidence example existence
        experiment extent fact factor field finding focus form framework function gain goal idea
        impact importance improvement instance insight issue kind lack level limitation line lot
        manner means mechanism method methodology model need number order outcome paper part
        performance point possibility potential practice problem procedure process progress property
        purpose quality question range rate reason regard result role scheme sense set setting show
        size solution source space step strategy study success suite superiority system task
        technique term terms theory thing time tool type understanding use value variety version
        view way work""".split()
)

_NOT_PLURAL_ENDINGS = ("ss", "us", "is", "ics", "ous", "sis", "xis")
_INVARIANT = frozenset({"series", "species", "data", "news", "lens", "bias", "gas", "alias", "canvas", "atlas"})
_ACRONYM = re.compile(r"^[A-Z0-9][A-Za-z0-9]*[A-Z][A-Za-z0-9]*$|^[A-Z]{2,}s$")
_SPACES = re.compile(r"\s+")


def singular(word: str) -> str:
    """Return the singular of an English plural noun, keeping its case (``networks`` → ``network``)."""
    if len(word) > 2 and word.endswith("s") and word[-2].isupper():
        return word[:-1]  # acronym plural: GNNs
    lower = word.lower()
    if len(word) <= 3 or lower in _INVARIANT or lower.endswith(_NOT_PLURAL_ENDINGS):
        return word
    if lower.endswith("ies") and len(word) > 4:
        return word[:-3] + ("Y" if word[-1].isupper() else "y")
    if lower.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    if lower.endswith("s"):
        return word[:-1]
    return word


def is_acronym(word: str) -> bool:
    """Whether ``word`` looks like an acronym: ``GNN``, ``GNNs``, ``LLaMA``, ``3D`` excluded."""
    letters = sum(c.isalpha() for c in word)
    return letters >= 2 and bool(_ACRONYM.match(word)) and sum(c.isupper() for c in word) >= 2


def concept_key(words: list[str], *, plural_head: bool) -> str:
    """Normalise a phrase's words: lowercase, hyphens as spaces, head noun singular."""
    if plural_head and words:
        words = [*words[:-1], singular(words[-1])]
    return _squash(" ".join(words).lower().replace("-", " "))


def method_key(name: str) -> str:
    """Normalise a method name: casefold, hyphens and underscores as spaces."""
    return _squash(name.casefold().replace("-", " ").replace("_", " "))


def _squash(text: str) -> str:
    return _SPACES.sub(" ", text).strip()
