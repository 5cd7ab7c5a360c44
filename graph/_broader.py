"""The rules that choose a concept's broader concept (pure: no Neo4j, no model).

Three rules, tried in order; the first that finds a parent decides, and its id is stored on the
BROADER relationship (``reason``) with the cosine that let it pass (``score``):

``head``
    the longest existing concept the key ends with, word by word (``dynamic graph neural
    network`` → ``graph neural network``; see :func:`broader_candidates`), never starting
    inside a hyphenated compound of its name (``vision-language understanding`` is not under
    ``language understanding``; see :func:`compound_tails`). A one-word parent must also mean
    nearly the same (cosine of the names ≥ :data:`ONE_WORD_MIN`): ``semantic segmentation``
    → ``segmentation`` holds, ``point cloud`` → ``cloud`` does not.
``similarity``
    the concept with some of its modifiers left out, not only the leading ones (``backdoor
    poisoning attack`` → ``backdoor attack``), whose name is close (cosine ≥
    :data:`SIMILAR_MIN`); a ``network`` counts as a ``neural network``, as this field writes
    it, so ``graph convolutional network`` → ``graph neural network``. Dropping words only
    keeps siblings out (``offline learning`` is not under ``online learning``, though their
    names are closer than many a true pair).
``acronym``
    an acronym concept (``gcn``) that some paper defines is placed as its long form would be,
    by the two rules above (never under the long form itself: that is the same thing).

A lone generic word (:data:`GENERIC_WORDS`: ``network``, ``model``, ``learning`` …) is never a
parent. Without an encoder (a deletion re-placing the concepts under a deleted one) only
``head`` applies, unchecked. Every parent has fewer words than its child (an acronym counts as
its long form), so no choice can close a cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "GENERIC_HEADS",
    "GENERIC_WORDS",
    "ONE_WORD_MIN",
    "SIMILAR_MIN",
    "Placement",
    "Similarity",
    "acronym_like",
    "broader_candidates",
    "compound_tails",
    "considered",
    "narrower_probes",
    "place",
    "subset_candidates",
]

#: Head words that add a kind of thing, not a different thing: ``X method`` is a kind of ``X``,
#: and so is an ``X task`` or ``X problem`` (``regression task`` → ``regression``), where ``X``
#: names a thing (``self-supervised paradigm`` is no kind of ``self-supervised``).
#: ``model``, ``system`` and ``data`` are not here: a language model is not a kind of
#: language, nor preference data a kind of preference.
GENERIC_HEADS = frozenset(
    {"method", "approach", "technique", "framework", "algorithm", "strategy", "scheme",
     "procedure", "paradigm", "mechanism", "methodology", "pipeline", "task", "problem"}
)  # fmt: skip
#: Words too general to be anyone's broader concept on their own (``bayesian network`` is not
#: usefully "a network"); they may still be the head of a longer parent.
GENERIC_WORDS = GENERIC_HEADS | frozenset(
    {"network", "model", "learning", "data", "system", "task", "problem", "result",
     "performance", "example", "set", "function", "process", "representation", "information",
     "feature", "space", "training", "analysis", "study", "work", "application", "tool",
     "setting", "structure", "value", "module", "component", "architecture", "design",
     "objective", "loss", "distribution", "quality", "accuracy", "efficiency", "property",
     "benchmark", "dataset", "experiment", "evaluation", "technology", "domain", "field",
     "solution", "challenge", "issue", "capability", "ability", "behavior", "behaviour",
     "context", "language", "graph", "image", "text", "signal", "agent", "policy", "level",
     "rate", "cost", "time", "error", "score", "metric", "measure", "type", "form", "way"}
)  # fmt: skip
#: Cosine a one-word ``head`` parent needs (``vision transformer`` → ``transformer`` 0.70
#: passes; ``learning rate`` → ``rate`` 0.63 and ``point cloud`` → ``cloud`` 0.62 do not).
ONE_WORD_MIN = 0.68
#: Cosine a ``similarity`` parent needs (``graph convolutional network`` → ``graph neural
#: network`` is 0.75).
SIMILAR_MIN = 0.7
#: Longest key whose modifier subsets are tried (2 ** modifiers candidates).
_MAX_MODIFIERS = 6
_LINKS = frozenset(
    {"of", "for", "in", "on", "and", "or", "with", "to", "via", "by", "from", "under", "over",
     "between", "across", "into", "as", "at", "without", "through", "against"}
)  # fmt: skip

#: Cosine of two keys' names, or ``None`` where no encoder is at hand.
Similarity = Callable[[str, str], float] | None


@dataclass(frozen=True)
class Placement:
    """A concept's broader concept (``None``: none) and why: rule id and cosine."""

    key: str
    broader: str | None = None
    reason: str | None = None
    score: float | None = None


def broader_candidates(key: str, tails: frozenset[str] = frozenset()) -> list[str]:
    """The keys that would be ``key``'s broader concept by its head, most specific first
    (each shorter); never a lone generic word, nor one starting with a word of ``tails``
    (the words its name writes only inside a compound, after a hyphen), where no link word
    is one (``AMR-to-text generation`` is no kind of ``AMR``)."""
    words = key.split()
    link = next(
        (i for i, w in enumerate(words) if i and w in _LINKS and w not in tails), len(words)
    )
    head, tail = words[:link], words[link:]
    found = [head[i:] + tail for i in range(1, len(head))] + [head] if tail else []
    found += [head[i:] for i in range(1, len(head))]
    if not tail and len(head) > 1 and head[-1] in GENERIC_HEADS and not _modifies(head[-2]):
        found.append(head[:-1])
    ordered = sorted(found, key=len, reverse=True)  # stable: a true head before a dropped one
    kept = (w for w in ordered if _useful(w) and w[0] not in tails)
    return list(dict.fromkeys(" ".join(w) for w in kept))


def compound_tails(forms: Iterable[str]) -> frozenset[str]:
    """The words the written ``forms`` of a concept write only after a hyphen, inside a
    compound (``language`` of ``vision-language understanding``, ``robustness`` and ``off`` of
    ``efficiency-robustness trade-off``), lower-cased: a parent starting there would cut the
    compound, whose first part modifies what the rest names."""
    inside: set[str] = set()
    alone: set[str] = set()
    for form in forms:
        for word in form.lower().split():
            first, *rest = word.split("-")
            alone.add(first)
            inside.update(rest)
    return frozenset(inside - alone)


@lru_cache(maxsize=16_384)
def _modifies(word: str) -> bool:
    """Whether English writes ``word`` only to modify a noun (an adjective, or a participle
    such as ``supervised``), so the words it ends name no thing: a ``self-supervised paradigm``
    is no kind of ``self-supervised``, while a ``regression task`` is a kind of ``regression``
    and a ``reasoning task`` of ``reasoning``. A word lemminflect's lexicon lacks counts as a
    noun."""
    from lemminflect import getAllLemmas

    kinds = set(getAllLemmas(word))
    if not kinds or "NOUN" in kinds:
        return False
    return bool(kinds & {"ADJ", "ADV"}) or word.endswith("ed")


def _useful(words: list[str]) -> bool:
    """Not a phrase starting with a preposition, nor a lone generic word (``network``)."""
    return words[0] not in _LINKS and not (len(words) == 1 and words[0] in GENERIC_WORDS)


def subset_candidates(key: str) -> list[str]:
    """``key`` with some of its modifiers left out (head kept, two words or more), other than
    its head candidates; ``network`` read as ``neural network``. A generic head keeps the word
    before it (``collaborative perception task`` is a perception task, not a collaborative
    task). Empty for a phrase with a preposition."""
    words = key.split()
    if any(w in _LINKS for w in words[1:]) or len(words) > _MAX_MODIFIERS + 1:
        return []
    if words[-1] == "network" and "neural" not in words:
        words = [*words[:-1], "neural", "network"]
    *modifiers, head = words
    if head in GENERIC_WORDS and modifiers:  # ``perception task``: the noun before is the head
        *modifiers, last = modifiers
        head = f"{last} {head}"
    subsets = (
        [m for i, m in enumerate(modifiers) if mask >> i & 1]
        for mask in range(1, 2 ** len(modifiers) - 1)
    )
    found = {" ".join([*kept, head]) for kept in subsets}
    return sorted(found - set(broader_candidates(key)) - {key})


def narrower_probes(key: str) -> list[str]:
    """Exact keys that would sit under ``key`` by the generic-head rule (``key method``, …)."""
    return [f"{key} {head}" for head in sorted(GENERIC_HEADS)]


def acronym_like(key: str) -> bool:
    """Whether ``key`` could be an acronym a paper defines (``gcn``, ``ilfo``, ``t2i``)."""
    return 2 <= len(key) <= 10 and key.isalnum() and any(c.isalpha() for c in key)


def considered(
    key: str,
    *,
    long_form: str | None = None,
    tails: frozenset[str] = frozenset(),
    by_meaning: bool = True,
) -> tuple[str, list[str]]:
    """The name :func:`place` compares for ``key`` (its ``long_form``, for an acronym) and
    every candidate it may weigh (those of the rules that need a cosine only ``by_meaning``),
    so that a caller can compute the cosines of a whole round ahead."""
    subject, tails = _subject(key, long_form, tails)
    found = broader_candidates(subject, tails)
    return subject, found + (subset_candidates(subject) if by_meaning else [])


def _subject(key: str, long_form: str | None, tails: frozenset[str]) -> tuple[str, frozenset[str]]:
    """What ``key`` is placed as: its long form, whose compounds it does not write, or itself."""
    return (long_form, frozenset()) if long_form else (key, tails)


def place(
    key: str,
    *,
    existing: set[str],
    similarity: Similarity,
    long_form: str | None = None,
    tails: frozenset[str] = frozenset(),
) -> Placement:
    """``key``'s broader concept among ``existing`` keys by the rules of this module;
    ``long_form`` is what an acronym key stands for, ``tails`` the words its name writes only
    inside a compound (:func:`compound_tails`)."""
    subject, tails = _subject(key, long_form, tails)
    others = existing - {key, subject}
    found = _by_head(subject, others, similarity, tails) or _by_subset(subject, others, similarity)
    if found is None:
        return Placement(key)
    broader, reason, score = found
    return Placement(key, broader, "acronym" if long_form else reason, score)


def _by_head(
    subject: str, existing: set[str], similarity: Similarity, tails: frozenset[str]
) -> tuple[str, str, float | None] | None:
    for candidate in broader_candidates(subject, tails):
        if candidate not in existing:
            continue
        score = similarity(subject, candidate) if similarity else None
        if " " in candidate or score is None or score >= ONE_WORD_MIN:
            return candidate, "head", score
    return None


def _by_subset(
    subject: str, existing: set[str], similarity: Similarity
) -> tuple[str, str, float] | None:
    if similarity is None:
        return None
    scored = [(similarity(subject, c), c) for c in subset_candidates(subject) if c in existing]
    passing = [(s, c) for s, c in scored if s >= SIMILAR_MIN]
    if not passing:
        return None
    score, best = min(passing, key=lambda p: (-p[0], p[1]))  # ties: the first key
    return best, "similarity", score
