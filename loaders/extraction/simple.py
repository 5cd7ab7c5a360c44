"""A tiny deterministic :class:`KeyphraseExtractor` for tests of the write path. Not for real use.

No model, no randomness: the same text always gives the same output.

* methods: coined tokens with an inner capital (``DyAug``, ``PC-Winter``); ``proposes`` if the
  token follows ``propose``/``termed``/``called``/``dubbed`` or heads the title, else ``uses``;
* concepts: lowercase word bigrams without stopwords (a number between two words breaks the
  pair, so every bigram is written in the text), by frequency, plus author keywords;
* embedding: a fixed-size bag of hashed words, unit length.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

from loaders.markup import strip_markup

from ._normalise import STOPWORDS, concept_key, method_key
from ._types import ConceptHit, Document, Extraction, MethodHit

__all__ = ["SimpleExtractor"]

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
_COINED = re.compile(r"^[A-Za-z]+[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*$|^[A-Z]+-[A-Z][A-Za-z0-9]*$")
_INTRODUCING = frozenset(
    {"propose", "proposes", "termed", "called", "dubbed", "introduce", "present"}
)


class SimpleExtractor:
    """Deterministic stand-in for the KeyBERT extractor (test double)."""

    version = "simple-2"

    def __init__(self, *, top_n: int = 10, dimensions: int = 384) -> None:
        self.top_n = top_n
        self.dimensions = dimensions

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        """One :class:`Extraction` per document, same order."""
        return [self._one(doc) for doc in docs]

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        """Hashed bag-of-words vectors of ``dimensions`` floats."""
        return [self._vector(strip_markup(t)) for t in texts]

    def _one(self, doc: Document) -> Extraction:
        text = strip_markup(f"{doc.title}: {doc.text}" if doc.title else doc.text)
        words = _WORD.findall(text)
        proposes, uses = _methods(words, title_words=len(_WORD.findall(doc.title or "")))
        taken = {m.key for m in proposes + uses}
        concepts = [c for c in _bigrams(words, self.top_n) if c.key not in taken]
        concepts += [
            _author(k)
            for k in doc.keywords
            if concept_key(k.split(), plural_head=True) not in taken
        ]
        return Extraction(tuple(concepts), tuple(proposes), tuple(uses), self._vector(text))

    def _vector(self, text: str) -> tuple[float, ...]:
        counts = [0.0] * self.dimensions
        for word in _WORD.findall(text.lower()):
            counts[int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dimensions] += 1.0
        norm = math.sqrt(sum(c * c for c in counts)) or 1.0
        return tuple(c / norm for c in counts)


def _methods(words: list[str], *, title_words: int) -> tuple[list[MethodHit], list[MethodHit]]:
    proposes: dict[str, MethodHit] = {}
    uses: dict[str, MethodHit] = {}
    for i, word in enumerate(words):
        if _COINED.match(word):
            introduced = i < title_words or (i > 0 and words[i - 1].lower() in _INTRODUCING)
            cue = "kind.proposed-default" if introduced else None  # no other cue is read
            score = 1.0 if introduced else 0.5
            hit = MethodHit(method_key(word), word, score, (word,), kind_cue=cue)
            (proposes if introduced else uses).setdefault(hit.key, hit)
    return list(proposes.values()), [h for k, h in uses.items() if k not in proposes]


def _bigrams(words: list[str], top_n: int) -> list[ConceptHit]:
    lowered = [w.lower() if w.islower() else "" for w in words]
    pairs = Counter(
        (a, b)
        for a, b in pairwise(lowered)
        if a and b and a not in STOPWORDS and b not in STOPWORDS
    )
    ranked = sorted(pairs.items(), key=lambda item: (-item[1], item[0]))[:top_n]
    hits = []
    for (a, b), count in ranked:
        key = concept_key([a, b], plural_head=True)
        hits.append(ConceptHit(key, key, round(count / (count + 1), 4), (f"{a} {b}",), "keybert"))
    return hits


def _author(keyword: str) -> ConceptHit:
    return ConceptHit(
        concept_key(keyword.split(), plural_head=True), keyword, 1.0, (keyword,), "author"
    )
