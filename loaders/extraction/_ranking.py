"""Ranking candidates with KeyBERT over a static embedding model, plus diversity (MMR).

KeyBERT scores every candidate by cosine similarity to its document. It is handed our own
candidates through :class:`CandidateVocabulary` (its default ``CountVectorizer`` would
lowercase, split hyphens and drop one-letter tokens) and precomputed embeddings, so every
distinct phrase in a batch is embedded once and phrases seen in earlier batches not at all.
The similarity is then blended with three document-level signals (in the title, frequency,
early first mention) and a maximal-marginal-relevance pass keeps near-duplicates out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = [
    "CandidateVocabulary",
    "PhraseEmbedder",
    "Signals",
    "Weights",
    "keybert_similarities",
    "select",
]


@dataclass(frozen=True)
class Weights:
    """How much each document signal adds to KeyBERT's similarity; ``diversity`` is MMR's lambda."""

    title: float = 0.15
    frequency: float = 0.1  # times log(count)
    position: float = 0.1  # times relative position of the first mention
    diversity: float = 0.15


@dataclass(frozen=True)
class Signals:
    """Document-level evidence about one candidate."""

    in_title: bool
    count: int
    first: float  # relative position of the first mention, 0 = start of the text


class PhraseEmbedder:
    """Unit-length embeddings from a model2vec model, with an in-memory cache for phrases."""

    def __init__(self, model: Any, *, capacity: int = 400_000) -> None:
        self._model = model
        self._cache: dict[str, np.ndarray] = {}
        self._capacity = capacity
        self.dimensions = int(model.dim)

    def documents(self, texts: Sequence[str]) -> np.ndarray:
        """Embed whole texts (not cached: documents rarely repeat)."""
        return _unit_rows(self._model.encode(list(texts)))

    def phrases(self, phrases: Sequence[str]) -> np.ndarray:
        """Embed phrases, encoding only those not seen before."""
        missing = list(dict.fromkeys(p for p in phrases if p not in self._cache))
        if missing:
            if len(self._cache) + len(missing) > self._capacity:
                self._cache.clear()  # a crude bound; the hot phrases come back at once
            self._cache.update(zip(missing, _unit_rows(self._model.encode(missing))))
        if not phrases:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        return np.stack([self._cache[p] for p in phrases])


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
    """Pick ``top_n`` keys by blended relevance with MMR; return ``(key, score in 0..1)`` best first."""
    if not keys:
        return []
    relevance = np.array(
        [_blend(similarity.get(k, 0.0), s, weights) for k, s in zip(keys, signals)]
    )
    chosen = _mmr(relevance, vectors, top_n, weights.diversity)
    ranked = sorted(chosen, key=lambda i: -relevance[i])
    return [(keys[i], float(min(max(relevance[i], 0.0), 1.0))) for i in ranked]


def _blend(similarity: float, signals: Signals, weights: Weights) -> float:
    return (
        similarity
        + weights.title * signals.in_title
        + weights.frequency * math.log(max(signals.count, 1))
        - weights.position * signals.first
    )


def _mmr(relevance: np.ndarray, vectors: np.ndarray, top_n: int, diversity: float) -> list[int]:
    """Maximal marginal relevance: trade relevance against similarity to what is already chosen."""
    remaining = list(range(len(relevance)))
    chosen: list[int] = []
    closest = np.full(len(relevance), -np.inf)
    while remaining and len(chosen) < top_n:
        penalty = diversity * closest[remaining] if chosen else 0.0
        best = remaining[int(np.argmax(relevance[remaining] - penalty))]
        chosen.append(best)
        remaining.remove(best)
        closest = np.maximum(closest, vectors @ vectors[best])
    return chosen


def _unit_rows(matrix: Any) -> np.ndarray:
    rows = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.where(norms == 0, 1.0, norms)
