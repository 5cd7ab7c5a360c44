"""Word lists and normal forms: one idea gets one key, whatever its case, number, hyphens,
compounding or spelling.

A concept key is the phrase in lowercase, hyphens read as spaces, possessives dropped
(``Earth mover's distance`` and a tokeniser's ``earthmover 's distance`` are ``earthmover
distance``, as the name is also written without one), with

- in a phrase of several words, a run-together compound of capitalised English words split
  into them (``FewShot Learning`` is ``few shot learning``, ``DualRandomized Smoothing``
  ``dual randomized smoothing``); a word alone is a name and keyed whole (``HumanEval``,
  as its Method is), and so is a word with an acronym inside (``GFlowNet``, ``LoRA``);
- its head noun singular: the last word, or in ``X of Y`` the word before ``of``
  (``mixtures of experts``); ``_wordforms`` says how. A head the lexicon knows as a plural
  is made singular whatever the tagger read (it reads a title's ``Force Fields`` as a
  name); one it does not know when it ends a phrase of several words, or the tagger read a
  plural (a title's ``Variational Autoencoders`` is tagged a name). Every other word is made
  singular too where the lexicon knows it as a plural (``language models reasoning`` is
  ``language model reasoning``, ``GNNs architecture`` ``GNN architecture``), the words
  after ``of`` included (``Chain-of-Thoughts`` is ``chain of thought``, ``mixtures of
  experts`` ``mixture of expert``): the key is an identity, and number never tells two
  ideas apart;
- every word in American spelling (``generalisation`` → ``generalization``);
- closed compounds closed. Two adjacent words become one when their concatenation is a word in
  wordfreq's English list (``data set`` → ``dataset``, ``fine tuning`` → ``finetuning``), or
  when the first is a combining prefix that does not stand alone in a noun phrase (``pre
  training`` → ``pretraining``, ``multi modal`` → ``multimodal``, ``over fitting`` →
  ``overfitting``). Compounds close from the right, so a prefix also takes a closed word
  (``non pre trained`` → ``nonpretrained``). A particle closes onto the word before it when
  English writes the compound closed often enough (``trade off`` → ``tradeoff``, ``speed up``
  → ``speedup``); otherwise stopwords never close (``in context`` stays two words). A letter
  that names a kind closes onto its word (``x-ray``, ``xray``; ``k-means``, ``kmeans``), but
  not the ``s`` a split ``'s`` leaves (``s core`` is not ``score``), and words of two letters
  close only as prefixes. A closed word English does not have is not read apart: the two
  common words a split finds are too often wrong (``explainability`` is no ``explain
  ability``, ``metalearning`` no ``metal earning``), unless the domain writes the two
  words apart and English has no closed word (``batchsize`` is ``batch size``,
  ``redteaming`` ``red teaming``; see :mod:`._compounds`).

So ``fine-tuning``, ``fine tuning`` and ``finetuning`` share the key ``finetuning``. The key
is an identity, not a display form: wordfreq's list also holds run-together spellings from
hashtags, so ``computer vision`` has the key ``computervision``, which merges no two ideas but
reads oddly; a concept's name keeps the author's words.

The word lists are generic English and generic academic prose (``novel``, ``paper``,
``experiments``); none is tuned to a particular corpus.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ._compounds import compound_parts
from ._wordforms import american_spelling, head_index, is_known_word, singular, zipf

__all__ = [
    "GENERIC_HEADS",
    "GENERIC_MODIFIERS",
    "NAMING_VERBS",
    "STOPWORDS",
    "combining_prefix",
    "concept_forms",
    "concept_key",
    "is_acronym",
    "method_key",
    "singular",
]

STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "also",
        "although",
        "am",
        "among",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "either",
        "else",
        "etc",
        "even",
        "ever",
        "every",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "him",
        "his",
        "how",
        "however",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "least",
        "less",
        "let",
        "many",
        "may",
        "me",
        "might",
        "more",
        "most",
        "much",
        "must",
        "my",
        "neither",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "often",
        "on",
        "once",
        "one",
        "only",
        "onto",
        "or",
        "other",
        "others",
        "otherwise",
        "our",
        "ours",
        "out",
        "over",
        "own",
        "per",
        "perhaps",
        "rather",
        "same",
        "several",
        "she",
        "should",
        "since",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "then",
        "there",
        "therefore",
        "these",
        "they",
        "this",
        "those",
        "though",
        "through",
        "thus",
        "to",
        "too",
        "under",
        "until",
        "up",
        "upon",
        "us",
        "very",
        "via",
        "was",
        "we",
        "were",
        "what",
        "whatever",
        "when",
        "where",
        "whereas",
        "whether",
        "which",
        "while",
        "who",
        "whom",
        "whose",
        "why",
        "will",
        "with",
        "within",
        "without",
        "would",
        "yet",
        "you",
        "your",
        "regarding",
        "including",
        "following",
        "according",
        "concerning",
        "involving",
        "using",
        "given",
    ]
)

#: Participles a paper names something with (``a method termed DyAug``, ``called ECI``).
NAMING_VERBS = frozenset(
    {"termed", "dubbed", "called", "named", "coined", "abbreviated", "denoted", "nicknamed"}
)

#: Evaluative or vague adjectives that never start a good keyphrase ("novel method").
GENERIC_MODIFIERS = frozenset(
    [
        "additional",
        "available",
        "better",
        "certain",
        "challenging",
        "common",
        "comprehensive",
        "considerable",
        "crucial",
        "current",
        "diverse",
        "different",
        "due",
        "effective",
        "efficient",
        "empirical",
        "essential",
        "excellent",
        "existing",
        "extensive",
        "favorable",
        "first",
        "further",
        "good",
        "great",
        "high",
        "higher",
        "important",
        "improved",
        "key",
        "large-scale",
        "main",
        "major",
        "many",
        "multiple",
        "new",
        "notable",
        "novel",
        "numerous",
        "other",
        "overall",
        "particular",
        "powerful",
        "previous",
        "primary",
        "prior",
        "promising",
        "proposed",
        "recent",
        "related",
        "relevant",
        "remarkable",
        "respective",
        "same",
        "second",
        "significant",
        "similar",
        "simple",
        "specific",
        "standard",
        "strong",
        "substantial",
        "such",
        "superior",
        "various",
        "wide",
        "widespread",
    ]
)

#: Heads too vague to be a concept on their own ("approach", "results").
GENERIC_HEADS = frozenset(
    [
        "ability",
        "account",
        "accuracy",
        "addition",
        "advantage",
        "algorithm",
        "amount",
        "analysis",
        "application",
        "approach",
        "area",
        "art",
        "aspect",
        "attempt",
        "baseline",
        "behavior",
        "benchmark",
        "capability",
        "case",
        "challenge",
        "change",
        "choice",
        "code",
        "contribution",
        "core",
        "cost",
        "dataset",
        "degree",
        "demonstration",
        "design",
        "detail",
        "development",
        "difference",
        "difficulty",
        "direction",
        "effect",
        "effectiveness",
        "efficiency",
        "end",
        "evaluation",
        "evidence",
        "example",
        "existence",
        "experiment",
        "extent",
        "fact",
        "factor",
        "field",
        "finding",
        "focus",
        "form",
        "framework",
        "function",
        "gain",
        "goal",
        "idea",
        "impact",
        "importance",
        "improvement",
        "input",
        "insight",
        "instance",
        "issue",
        "kind",
        "lack",
        "level",
        "limitation",
        "line",
        "lot",
        "manner",
        "means",
        "mechanism",
        "method",
        "methodology",
        "model",
        "need",
        "number",
        "order",
        "outcome",
        "output",
        "paper",
        "part",
        "performance",
        "point",
        "possibility",
        "potential",
        "practice",
        "problem",
        "procedure",
        "process",
        "progress",
        "property",
        "purpose",
        "quality",
        "question",
        "range",
        "rate",
        "reason",
        "regard",
        "result",
        "role",
        "scheme",
        "sense",
        "set",
        "setting",
        "show",
        "size",
        "solution",
        "source",
        "space",
        "step",
        "strategy",
        "study",
        "success",
        "suite",
        "superiority",
        "system",
        "task",
        "technique",
        "term",
        "terms",
        "theory",
        "thing",
        "time",
        "tool",
        "type",
        "understanding",
        "use",
        "value",
        "variety",
        "version",
        "view",
        "way",
        "work",
    ]
)

#: Combining prefixes: a closed class of English word formation, written closed, hyphenated or,
#: now and then, apart (``pre-training``, ``pretraining``). ``de`` is left out for names
#: (``de Finetti``), free words such as ``self`` and ``cross`` because they stand alone.
_PREFIXES = frozenset(
    {
        "anti",
        "auto",
        "bi",
        "co",
        "hyper",
        "inter",
        "intra",
        "macro",
        "meta",
        "micro",
        "mid",
        "mini",
        "multi",
        "neuro",
        "non",
        "over",
        "post",
        "pre",
        "pseudo",
        "re",
        "semi",
        "sub",
        "super",
        "tri",
        "ultra",
        "un",
        "under",
        "uni",
    }
)
#: A particle that closes onto the word before it (``speed-up`` → ``speedup``, ``trade-off`` →
#: ``tradeoff``, ``plug-in`` → ``plugin``) when English writes the compound closed often
#: enough (a Zipf frequency): wordfreq's list also holds run-together phrases (``outof``).
_PARTICLE_ZIPF = 2.0

_ACRONYM = re.compile(r"^[A-Z0-9][A-Za-z0-9]*[A-Z][A-Za-z0-9]*$|^[A-Z]{2,}s$")
_SPACES = re.compile(r"\s+")
#: A possessive ending, or a tokeniser's ``'s`` split off its word (straight or curly quote).
_POSSESSIVE = re.compile(r"['\u2019]s?$")
#: Two or more capitalised words of three letters or more written as one (``FewShot``).
_CAMEL = re.compile(r"^(?:[A-Z][a-z]{2,}){2,}$")
_CAMEL_PART = re.compile(r"[A-Z][a-z]+")


def combining_prefix(word: str) -> bool:
    """Whether the lowercase ``word`` is a combining prefix (``re``, ``pre``, ``multi``): a part
    of English word formation, never an acronym written in lowercase."""
    return word in _PREFIXES


@lru_cache(maxsize=262_144)  # called ~400 times per abstract on a small vocabulary
def is_acronym(word: str) -> bool:
    """Whether ``word`` looks like an acronym: ``GNN``, ``GNNs``, ``LLaMA``, ``3D`` excluded."""
    letters = sum(c.isalpha() for c in word)
    return letters >= 2 and bool(_ACRONYM.match(word)) and sum(c.isupper() for c in word) >= 2


def concept_key(words: Sequence[str], *, plural_head: bool) -> str:
    """The key of the idea a phrase names (see the module docstring). ``plural_head`` says the
    tagger read the last word as a plural; in a phrase of several words a last head the
    lexicon does not know is made singular whatever the tagger read (it reads a title's
    ``Variational Autoencoders`` as a name, a sentence's as a plural)."""
    return concept_forms(words, plural_head=plural_head)[0]


def concept_forms(words: Sequence[str], *, plural_head: bool) -> tuple[str, str]:
    """The phrase's key and its open form: the key's words before compounds close (``fine
    tuning`` for ``fine-tuning``, ``computer vision`` for the key ``computervision``). The key
    is an identity; the open form is what a language model reads the idea by, as English
    writes it, not as a run-together spelling it has seen seldom or never."""
    return _concept_forms(tuple(words), plural_head)


@lru_cache(maxsize=262_144)  # every span of every candidate, and a paper is analysed twice
def _concept_forms(words: tuple[str, ...], plural_head: bool) -> tuple[str, str]:
    plain = _plain_words(words)
    if plain:
        head = head_index(plain)
        guess = head == len(plain) - 1 and (plural_head or len(plain) > 1)
        plain = [singular(w, guess=guess and i == head) for i, w in enumerate(plain)]
    spelt = [american_spelling(w.lower()) for w in plain]
    return " ".join(_close_compounds(spelt)), " ".join(spelt)


def _plain_words(words: Sequence[str]) -> list[str]:
    """The phrase's words with hyphens read as spaces, possessives dropped, compounds the
    domain writes apart read apart and, in a phrase of several words, run-together compounds
    split (see the module docstring)."""
    parts = [p for w in words for p in _POSSESSIVE.sub("", w).split("-") if p]
    parts = [c for p in parts for c in _apart(p)]
    if len(parts) < 2:
        return parts
    return [c for p in parts for c in _compound_parts(p)]


def _apart(word: str) -> tuple[str, ...]:
    """A closed spelling of a compound the domain writes apart, as its two words (``batchsize``
    → ``batch``, ``size``; a title's ``Batchsize`` too); any other word, itself."""
    if not word[1:].islower():
        return (word,)
    parts = compound_parts(word.lower())
    return (word,) if len(parts) == 1 else parts


@lru_cache(maxsize=65_536)
def _compound_parts(word: str) -> tuple[str, ...]:
    """``DualRandomized`` → ``Dual``, ``Randomized``: capitalised English words run together."""
    if not _CAMEL.match(word):
        return (word,)
    parts = tuple(_CAMEL_PART.findall(word))
    return parts if all(is_known_word(p.lower()) for p in parts) else (word,)


def _close_compounds(words: list[str]) -> list[str]:
    """Join closed compounds, from the right (``multi modal data set`` → ``multimodal dataset``)."""
    closed: list[str] = []
    for word in reversed(words):
        if closed and _closes(word, closed[-1]):
            closed[-1] = word + closed[-1]
        else:
            closed.append(word)
    return closed[::-1]


@lru_cache(maxsize=262_144)
def _closes(first: str, second: str) -> bool:
    """Whether ``first second`` is a closed compound written apart."""
    if not (first.isalpha() and second.isalpha()):
        return False
    if first in _PREFIXES:  # before the stopwords: ``over`` is one
        return second not in STOPWORDS
    if first in STOPWORDS:
        return False
    if len(first) == 1:  # a letter that names a kind (``x-ray``, ``k-means``, ``t-SNE``)
        return first != "s" and second not in STOPWORDS
    if second in STOPWORDS:
        return len(first) >= 3 and zipf(first + second) >= _PARTICLE_ZIPF
    return min(len(first), len(second)) >= 3 and is_known_word(first + second)


@lru_cache(maxsize=262_144)  # every word of every candidate is checked against method names
def method_key(name: str) -> str:
    """Normalise a method name: casefold, hyphens and underscores as spaces. A name of several
    words (``Neural Radiance Fields``, the long form of ``NeRF``) is a phrase and takes its
    concept key, so the phrase a paper writes elsewhere is known to be the method."""
    words = name.replace("_", " ").split()
    if len(words) > 1:
        return concept_key(words, plural_head=True)
    return _squash(name.casefold().replace("-", " ").replace("_", " "))


def _squash(text: str) -> str:
    return _SPACES.sub(" ", text).strip()
