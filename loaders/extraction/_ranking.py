"""Ranking candidates with KeyBERT, plus diversity (MMR).

KeyBERT scores every candidate by cosine similarity to its document, in the space of the
extractor's ranking model (MiniLM by default, the static model in fast mode). It is handed our
own candidates through :class:`CandidateVocabulary` (its default ``CountVectorizer`` would
lowercase, split hyphens and drop one-letter tokens) and precomputed embeddings, so every
distinct phrase is embedded once: phrases seen in earlier batches or loads come from the cache.
The similarity is blended with document-level signals (in the title, how often the paper
writes the phrase, whether it writes it whole or only inside a longer phrase) and, for a
one-word candidate, how everyday the word is; a
maximal-marginal-relevance pass then keeps near-duplicates out of the top ``n``. A position
signal (early first mention) was measured as no help and is not used. Nested variants of one
idea take one slot (:func:`crowded_out`).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._candidates import commonness
from ._embedding import PhraseCache, unit_rows
from ._topics import topic_word

__all__ = [
    "CandidateVocabulary",
    "PhraseEmbedder",
    "Signals",
    "Weights",
    "crowded_out",
    "keybert_similarities",
    "relevances",
    "select",
]


@dataclass(frozen=True)
class Weights:
    """What each signal adds to KeyBERT's similarity; ``diversity`` is MMR's lambda."""

    title: float = 0.18  # in the title
    frequency: float = 0.12  # times ln(how often the paper writes it)
    commonness: float = 0.04  # subtracted per Zipf unit of a one-word candidate's frequency
    inner: float = 0.1  # subtracted when this paper writes it only inside a longer phrase
    diversity: float = 0.5


@dataclass(frozen=True)
class Signals:
    """Document-level evidence about one candidate."""

    in_title: bool
    count: int
    whole: bool


class PhraseEmbedder:
    """Unit-length embeddings from one encoder, with phrases cached in memory and, when a
    :class:`PhraseCache` is given, on disk (across papers, batches and loads)."""

    def __init__(
        self, model: Any, *, disk: PhraseCache | None = None, capacity: int = 400_000
    ) -> None:
        self._model = model
        self._disk = disk
        self._cache: dict[str, np.ndarray] = {}
        self._capacity = capacity
        self.dimensions = int(model.dim)

    def documents(self, texts: Sequence[str]) -> np.ndarray:
        """Embed whole texts (not cached: documents rarely repeat)."""
        return unit_rows(self._model.encode(list(texts)))

    def phrases(self, phrases: Sequence[str]) -> np.ndarray:
        """Embed phrases, encoding only those not seen before."""
        missing = list(dict.fromkeys(p for p in phrases if p not in self._cache))
        if missing:
            if len(self._cache) + len(missing) > self._capacity:
                self._cache.clear()  # a crude bound; the hot phrases come back at once
            self._cache.update(self._lookup(missing))
        if not phrases:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        return np.stack([self._cache[p] for p in phrases])

    def _lookup(self, phrases: list[str]) -> dict[str, np.ndarray]:
        """Vectors of ``phrases``: from the disk cache where it has them, else encoded (and
        stored there)."""
        found = self._disk.get(phrases) if self._disk is not None else {}
        new = [p for p in phrases if p not in found]
        if new:
            encoded = dict(zip(new, unit_rows(self._model.encode(new))))
            if self._disk is not None:
                self._disk.put(encoded)
            found.update(encoded)
        return found


class CandidateVocabulary:
    """The vectorizer KeyBERT calls: a fixed vocabulary and the candidates of each document."""

    def __init__(self, per_doc: Sequence[Sequence[str]]) -> None:
        self.words = list(dict.fromkeys(w for doc in per_doc for w in doc))
        self._index = {w: i for i, w in enumerate(self.words)}
        self._per_doc = per_doc

    def fit(self, docs: Sequence[str]) -> CandidateVocabulary:
        return self

    def get_feature_names_out(self) -> np.ndarray:
        return np.array(self.words, dtype=object)

    def transform(self, docs: Sequence[str]) -> Any:
        from scipy.sparse import csr_matrix

        rows = [i for i, doc in enumerate(self._per_doc) for _ in doc]
        cols = [self._index[w] for doc in self._per_doc for w in doc]
        return csr_matrix(
            (np.ones(len(cols)), (rows, cols)), shape=(len(self._per_doc), len(self.words))
        )


def keybert_similarities(
    keybert: Any,
    texts: Sequence[str],
    per_doc: Sequence[Sequence[str]],
    doc_vectors: np.ndarray,
    embedder: PhraseEmbedder,
) -> list[dict[str, float]]:
    """KeyBERT's similarity of every candidate to its document, one dict per document."""
    vocabulary = CandidateVocabulary(per_doc)
    if not vocabulary.words:
        return [{} for _ in texts]
    result = keybert.extract_keywords(
        list(texts),
        vectorizer=vocabulary,
        top_n=max(len(doc) for doc in per_doc),
        doc_embeddings=doc_vectors,
        word_embeddings=embedder.phrases(vocabulary.words),
    )
    if len(texts) == 1:  # KeyBERT unwraps a single document's list
        result = [result]
    return [dict(pairs) for pairs in result]


def select(
    keys: Sequence[str],
    similarity: dict[str, float],
    signals: Sequence[Signals],
    vectors: np.ndarray,
    *,
    top_n: int,
    weights: Weights,
) -> list[tuple[str, float]]:
    """Pick ``top_n`` keys by blended relevance with MMR; return ``(key, score in 0..1)`` best
    first."""
    if not keys:
        return []
    relevance = relevances(keys, similarity, signals, weights)
    fragments = {k for k, s in zip(keys, signals) if not s.whole}
    chosen = _mmr(keys, relevance, vectors, top_n, weights.diversity, fragments)
    ranked = sorted(chosen, key=lambda i: -relevance[i])
    return [(keys[i], float(min(max(relevance[i], 0.0), 1.0))) for i in ranked]


def relevances(
    keys: Sequence[str], similarity: dict[str, float], signals: Sequence[Signals], weights: Weights
) -> np.ndarray:
    """Each key's blended relevance: KeyBERT's similarity plus the document-level signals."""
    return np.array([_blend(k, similarity.get(k, 0.0), s, weights) for k, s in zip(keys, signals)])


def _blend(key: str, similarity: float, signals: Signals, weights: Weights) -> float:
    return (
        similarity
        + weights.title * signals.in_title
        + weights.frequency * math.log(max(signals.count, 1))
        - weights.commonness * commonness(key)
        - weights.inner * (not signals.whole)
    )


def _mmr(
    keys: Sequence[str],
    relevance: np.ndarray,
    vectors: np.ndarray,
    top_n: int,
    diversity: float,
    fragments: set[str],
) -> list[int]:
    """Maximal marginal relevance: trade relevance against similarity to what is already
    chosen. Nested variants share one slot (:func:`crowded_out`): a pick that crowds out an
    earlier one frees that slot for the next best, and what was crowded out does not return."""
    remaining = list(range(len(relevance)))
    chosen: list[int] = []
    closest = np.full(len(relevance), -np.inf)
    while remaining and len(chosen) < top_n:
        penalty = diversity * closest[remaining] if chosen else 0.0
        best = remaining[int(np.argmax(relevance[remaining] - penalty))]
        remaining.remove(best)
        out = crowded_out([keys[i] for i in [*chosen, best]], fragments)
        if out:
            chosen = [i for i in [*chosen, best] if keys[i] not in out]
            closest = (vectors @ vectors[chosen].T).max(axis=1) if chosen else closest
            continue
        chosen.append(best)
        closest = np.maximum(closest, vectors @ vectors[best])
    return chosen


def crowded_out(keys: Sequence[str], fragments: Collection[str] = ()) -> set[str]:
    """The keys that nested variants among ``keys`` crowd out of one paper's concepts;
    ``fragments`` are the keys the paper writes only inside a longer phrase.

    A one-word key that ends a longer key goes (``graph`` beside ``knowledge graph``: the paper
    says which graph), unless it is a topic word of the domain (``transformer`` beside
    ``vision transformer``: authors name it as their paper's topic; :mod:`._topics`). Of a
    chain of keys each ending the next, the most specific stays and one broader key beside it:
    a key between two others that the paper never writes alone is a fragment of the longer one
    and goes (``observable stochastic game`` between ``stochastic game`` and ``partially
    observable stochastic game``); one the paper writes alone is the term of art, and the keys
    it ends in go (``neural network`` below ``graph neural network`` and ``equivariant graph
    neural network``).
    """
    singles = {
        k for k in keys if " " not in k and not topic_word(k) and any(_ends(k, o) for o in keys)
    }
    phrases = [k for k in keys if k not in singles]
    out: set[str] = set()
    for key in phrases:
        broader = {s for s in phrases if _ends(s, key)}
        if broader and any(_ends(key, o) for o in phrases):  # a middle of a chain
            out |= {key} if key in fragments else broader
    return singles | out


def _ends(short: str, long: str) -> bool:
    """Whether ``short`` is the last words of the longer key ``long``."""
    return long.endswith(" " + short)
