"""Sentence embeddings for ranking: all-MiniLM-L6-v2 on ONNX Runtime, and a disk cache of phrases.

all-MiniLM-L6-v2 is the model KeyBERT itself defaults to. It runs here on ONNX Runtime rather
than PyTorch: the same weights (exported once, see :mod:`._models`), the same tokenizer and the
same mean pooling as sentence-transformers, at about twice PyTorch's speed on a CPU. Documents
are cut to :data:`DOCUMENT_TOKENS` word pieces, MiniLM's training length: most of an abstract
(the first 128 pieces alone ranked Inspec, SciERC and ScienceIE 0.5–0.7 F1 points worse),
while attention costs grow with the square of the length. Inputs are batched by length, so a batch
of short phrases is not padded to its longest member's size.

:class:`EncoderBackend` hands an encoder to KeyBERT through its documented extension point
(``keybert.backend.BaseEmbedder``). :class:`PhraseCache` keeps phrase embeddings on disk, keyed
by the encoder's name, so a phrase is embedded once across papers and across loads.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

__all__ = [
    "DOCUMENT_TOKENS",
    "Encoder",
    "EncoderBackend",
    "OnnxEncoder",
    "PhraseCache",
    "TorchEncoder",
    "unit_rows",
]

#: Word pieces of a document the encoder reads (phrases are far shorter).
DOCUMENT_TOKENS = 256
#: Word pieces per ONNX Runtime call, padding included, kept small: Runtime's memory arena
#: keeps the largest call's activations for the life of the process. It is a few abstracts of
#: 256 pieces a call, not a few dozen; and a few hundred short phrases, whose calls would
#: otherwise cost more in overhead than in arithmetic.
_PIECES_PER_CALL = 8 * DOCUMENT_TOKENS
#: On a GPU a call is cheap to launch and its memory is the GPU's: far larger calls.
_GPU_PIECES_PER_CALL = 64 * DOCUMENT_TOKENS
_SQL_CHUNK = 500  # SQLite's default limit on host parameters is 999


class Encoder(Protocol):
    """Anything that turns texts into a matrix of embeddings, one row per text."""

    name: str
    dim: int

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


class OnnxEncoder:
    """A sentence-transformers model (mean pooling) run by ONNX Runtime; rows have unit length.

    Build it with :func:`loaders.extraction._models.load_minilm`, which opens the files.
    """

    def __init__(self, session: Any, tokenizer: Any, *, name: str, dim: int) -> None:
        self._session = session
        self._tokenizer = tokenizer
        self.name = name
        self.dim = dim

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts``; the longest are cut to :data:`DOCUMENT_TOKENS` word pieces."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        return _encoded(self._tokenizer, texts, self.dim, self._pooled, _PIECES_PER_CALL)

    def _pooled(self, pieces: list[list[int]]) -> np.ndarray:
        """Mean of the last hidden states over the real (unpadded) word pieces."""
        ids, mask = _padded(pieces)
        feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        return _mean_pooled(self._session.run(None, feed)[0], mask)


class TorchEncoder:
    """The same model, tokenizer and pooling as :class:`OnnxEncoder`, run by PyTorch on a
    CUDA GPU; its rows equal the CPU's within float tolerance.

    Build it with :func:`loaders.extraction._models.load_minilm`, which opens the files.
    """

    def __init__(self, model: Any, tokenizer: Any, *, name: str, dim: int) -> None:
        self._model = model
        self._tokenizer = tokenizer
        self.name = name
        self.dim = dim

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts``; the longest are cut to :data:`DOCUMENT_TOKENS` word pieces."""
        return _encoded(self._tokenizer, texts, self.dim, self._pooled, _GPU_PIECES_PER_CALL)

    def _pooled(self, pieces: list[list[int]]) -> np.ndarray:
        import torch

        ids, mask = _padded(pieces)
        device = self._model.device
        with torch.inference_mode():
            hidden = self._model(
                input_ids=torch.from_numpy(ids).to(device),
                attention_mask=torch.from_numpy(mask).to(device),
                token_type_ids=torch.zeros_like(torch.from_numpy(ids)).to(device),
            ).last_hidden_state
            weights = torch.from_numpy(mask).to(device)[..., None].float()
            pooled = (hidden * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1e-9)
        return np.asarray(pooled.float().cpu().numpy(), dtype=np.float32)


def _encoded(
    tokenizer: Any,
    texts: Sequence[str],
    dim: int,
    pooled: Callable[[list[list[int]]], np.ndarray],
    pieces_per_call: int,
) -> np.ndarray:
    """Unit rows of ``texts``: tokenized, cut into calls by length, pooled by ``pooled``."""
    out = np.zeros((len(texts), dim), dtype=np.float32)
    if not texts:
        return out
    encodings = tokenizer.encode_batch(list(texts))
    order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
    for rows in _calls(order, [len(e.ids) for e in encodings], pieces_per_call):
        out[rows] = pooled([encodings[i].ids for i in rows])
    return unit_rows(out)


def _padded(pieces: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Word-piece ids padded to the longest, and the mask of the real ones."""
    ids = np.zeros((len(pieces), max(len(p) for p in pieces)), dtype=np.int64)
    for row, p in enumerate(pieces):
        ids[row, : len(p)] = p
    mask = (ids != 0).astype(np.int64)  # 0 is [PAD]; every real input starts with [CLS]
    return ids, mask


def _mean_pooled(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    weights = mask[..., None].astype(np.float32)
    pooled: np.ndarray = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
    return pooled


def _calls(
    order: list[int], lengths: list[int], limit: int = _PIECES_PER_CALL
) -> Iterator[list[int]]:
    """``order`` (shortest first) cut into calls of at most ``limit`` padded word pieces:
    each call pads to its last, longest text."""
    rows: list[int] = []
    for i in order:
        if rows and (len(rows) + 1) * lengths[i] > limit:
            yield rows
            rows = []
        rows.append(i)
    if rows:
        yield rows


def _keybert_base() -> type:
    from keybert.backend import BaseEmbedder

    return BaseEmbedder  # type: ignore[no-any-return]


def EncoderBackend(encoder: Encoder) -> Any:
    """A KeyBERT backend (``keybert.backend.BaseEmbedder``) that embeds with ``encoder``.

    Built on first use so that importing this module does not import KeyBERT.
    """

    class _Backend(_keybert_base()):  # type: ignore[misc]
        def embed(self, documents: list[str], verbose: bool = False) -> np.ndarray:
            return encoder.encode(documents)

    return _Backend(embedding_model=encoder)


class PhraseCache:
    """Phrase embeddings of one encoder in an SQLite file, shared by every load on the machine.

    Writes are ``INSERT OR IGNORE``: two loaders computing the same phrase store the same
    vector, so concurrent loads need no coordination beyond SQLite's own locking.
    """

    def __init__(self, path: Path, *, dim: int) -> None:
        self.path = path
        self._dim = dim
        self._db: sqlite3.Connection | None = None

    def get(self, phrases: Iterable[str]) -> dict[str, np.ndarray]:
        """The cached vectors among ``phrases``."""
        wanted = list(phrases)
        found: dict[str, np.ndarray] = {}
        for start in range(0, len(wanted), _SQL_CHUNK):
            chunk = wanted[start : start + _SQL_CHUNK]
            marks = ",".join("?" * len(chunk))
            rows = self._connection().execute(
                f"SELECT phrase, vector FROM phrases WHERE phrase IN ({marks})",  # noqa: S608 - only '?' marks
                chunk,
            )
            found.update((p, np.frombuffer(v, dtype=np.float32)) for p, v in rows)
        return {p: v for p, v in found.items() if v.shape == (self._dim,)}

    def put(self, vectors: dict[str, np.ndarray]) -> None:
        """Store ``vectors`` (phrase → unit vector)."""
        if not vectors:
            return
        db = self._connection()
        with db:
            db.executemany(
                "INSERT OR IGNORE INTO phrases (phrase, vector) VALUES (?, ?)",
                [(p, np.asarray(v, dtype=np.float32).tobytes()) for p, v in vectors.items()],
            )

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(
                "CREATE TABLE IF NOT EXISTS phrases (phrase TEXT PRIMARY KEY, vector BLOB NOT NULL)"
            )
            self._db = db
        return self._db


def unit_rows(matrix: Any) -> np.ndarray:
    """``matrix`` as float32 rows of length one (zero rows stay zero)."""
    rows = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.where(norms == 0, 1.0, norms)
