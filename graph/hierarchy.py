"""BROADER between concepts: by the head of the key, by meaning, and through acronyms.

The rules live in :mod:`graph._broader` (pure); this module reads what they need from the graph,
embeds the names with the caller's encoder (the extractor's MiniLM: ``graph`` loads no model)
and writes each choice with its ``reason`` and ``score`` on the BROADER relationship.

:func:`refresh_hierarchy` is incremental: it looks only at the concepts flagged
``broaderPending`` (new ones, and those whose broader concept was deleted), found by index, and
re-places just them and the existing concepts a new one may now sit above by its head (a
new concept that only the modifier rule would put above an older one waits for that one to be
placed again).
A graph written before the flag was kept has them flagged once (``flag_unplaced_concepts``, a
migration of :mod:`graph.schema`). Without an encoder (a deletion re-placing the concepts under
a deleted one) only the rules that need no cosine apply.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np
from neo4j import AsyncDriver, AsyncManagedTransaction, unit_of_work

from graph._broader import (
    GENERIC_HEADS,
    GENERIC_WORDS,
    Placement,
    Similarity,
    acronym_like,
    broader_candidates,
    compound_tails,
    considered,
    narrower_probes,
    place,
)
from graph.cypher import query

__all__ = [
    "GENERIC_HEADS",
    "GENERIC_WORDS",
    "Encoder",
    "broader_candidates",
    "choose_broader",
    "narrower_probes",
    "refresh_hierarchy",
]

#: Embeds texts (one vector each), as ``KeyphraseExtractor.embed`` does.
Encoder = Callable[[Sequence[str]], Sequence[Sequence[float]]]

_BATCH = 2000
_WRITE_TIMEOUT_SECONDS = 300.0


def choose_broader(forms: Mapping[str, Iterable[str]], existing: set[str]) -> dict[str, str | None]:
    """Each key's broader concept among ``existing`` keys by the head rule alone (``None``
    when there is none); ``forms`` maps each key to its written forms, so no parent cuts a
    compound they write (:func:`compound_tails`)."""
    return {
        key: place(key, existing=existing, similarity=None, tails=compound_tails(written)).broader
        for key, written in forms.items()
    }


async def refresh_hierarchy(
    driver: AsyncDriver, *, database: str, encoder: Encoder | None = None
) -> int:
    """Place every concept not yet placed (and the concepts they now sit above); return how
    many concepts were (re)placed. Each round is one write transaction over at most a few
    thousand concepts, so the work is proportional to what the load added. ``encoder``
    (the extractor's ``embed``) enables the rules that compare meanings."""
    placed = 0
    while True:
        records, _, _ = await driver.execute_query(
            query("hierarchy_pending"), limit=_BATCH, database_=database, routing_="r"
        )
        pending = [str(r["key"]) for r in records]
        if not pending:
            return placed
        async with driver.session(database=database) as session:
            placed += await session.execute_write(_place, pending, encoder)


@unit_of_work(timeout=_WRITE_TIMEOUT_SECONDS)
async def _place(tx: AsyncManagedTransaction, pending: list[str], encoder: Encoder | None) -> int:
    probes = [p for key in pending for p in narrower_probes(key)]
    below = await _keys(tx, "hierarchy_narrower", keys=pending, probes=probes)
    affected = list(dict.fromkeys([*pending, *below]))
    long_forms = await _long_forms(tx, [k for k in affected if acronym_like(k)])
    tails = await _compound_tails(tx, affected)
    no_tails: frozenset[str] = frozenset()
    weighed = [
        considered(
            key,
            long_form=long_forms.get(key),
            tails=tails.get(key, no_tails),
            by_meaning=encoder is not None,
        )
        for key in affected
    ]
    wanted = {c for _, candidates in weighed for c in candidates}
    existing = set(await _keys(tx, "existing_concept_keys", keys=sorted(wanted)))
    similarity = _similarity(encoder, weighed, existing)
    placements = [
        place(
            key,
            existing=existing,
            similarity=similarity,
            long_form=long_forms.get(key),
            tails=tails.get(key, no_tails),
        )
        for key in affected
    ]
    await (await tx.run(query("set_broader"), rows=[_row(p) for p in placements])).consume()
    return len(placements)


def _row(p: Placement) -> dict[str, object]:
    score = None if p.score is None else round(p.score, 3)
    return {"key": p.key, "broader": p.broader, "reason": p.reason, "score": score}


async def _keys(tx: AsyncManagedTransaction, name: str, **params: list[str]) -> list[str]:
    result = await tx.run(query(name), dict(params))
    return [str(record["key"]) async for record in result]


async def _compound_tails(
    tx: AsyncManagedTransaction, keys: list[str]
) -> dict[str, frozenset[str]]:
    """The words each concept's written forms hold only inside a hyphenated compound."""
    result = await tx.run(query("concept_written_forms"), keys=keys)
    return {str(r["key"]): compound_tails(r["forms"]) async for r in result}


async def _long_forms(tx: AsyncManagedTransaction, keys: list[str]) -> dict[str, str]:
    """What each acronym-like key stands for, where a stored paper defines it."""
    if not keys:
        return {}
    result = await tx.run(query("hierarchy_acronyms"), keys=keys)
    return {str(r["key"]): str(r["longForm"]) async for r in result if r["longForm"] != r["key"]}


def _similarity(
    encoder: Encoder | None, weighed: list[tuple[str, list[str]]], existing: set[str]
) -> Similarity:
    """Cosine of two keys by ``encoder``, every text this round may compare embedded once:
    the names placed (:func:`considered`) with a candidate in the graph (most have none) and
    those candidates."""
    if encoder is None:
        return None
    found = [(s, [c for c in candidates if c in existing]) for s, candidates in weighed]
    texts = sorted({t for s, candidates in found if candidates for t in [s, *candidates]})
    if not texts:
        return None
    vectors = np.asarray(encoder(texts), dtype=np.float64).reshape(len(texts), -1)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    unit = vectors / np.where(norms == 0, 1.0, norms)
    row = {t: i for i, t in enumerate(texts)}
    return lambda a, b: float(unit[row[a]] @ unit[row[b]])
