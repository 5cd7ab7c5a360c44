"""BROADER between concepts, derived from the graph's own phrases.

A concept's broader concept is the longest other concept its key ends with, word by word (its
head: ``dynamic graph neural network`` → ``graph neural network`` → ``neural network``), or, for a
phrase ending in a generic head (``unlearning method``, ``attention mechanism``), the phrase
without it (``unlearning``). A phrase with a preposition keeps it (``sparse mixture of experts``
→ ``mixture of experts``) and falls back on the words before it (``robustness of language
model`` → ``robustness``). Acronyms need no rule of their own: the extractor already resolves
``GNNs`` to ``graph neural network``, so a phrase written with the acronym lands under the same
key. Every broader key has fewer words than its narrower one, so the relation can never hold a
cycle. Methods are names (``DyAug``, ``GraphSAGE``) with no head noun, so they get none.

:func:`refresh_hierarchy` is incremental: it looks only at the concepts flagged
``broaderPending`` (new ones, and those whose broader concept was deleted), found by index, and
re-places just them and the existing concepts a new one may now sit above.
A graph written before the flag was kept has them flagged once (``flag_unplaced_concepts``, a
migration of :mod:`graph.schema`).
"""

from __future__ import annotations

from collections.abc import Iterable

from neo4j import AsyncDriver, AsyncManagedTransaction, unit_of_work

from graph.cypher import query

__all__ = [
    "GENERIC_HEADS",
    "broader_candidates",
    "choose_broader",
    "narrower_probes",
    "refresh_hierarchy",
]

#: Head words that add a kind of thing, not a different thing: ``X method`` is a kind of ``X``.
#: ``model`` and ``system`` are not here: a language model is not a kind of language.
GENERIC_HEADS = frozenset(
    {"method", "approach", "technique", "framework", "algorithm", "strategy", "scheme",
     "procedure", "paradigm", "mechanism", "methodology", "pipeline"}
)  # fmt: skip
_LINKS = frozenset(
    {"of", "for", "in", "on", "and", "or", "with", "to", "via", "by", "from", "under", "over",
     "between", "across", "into", "as", "at", "without", "through", "against"}
)  # fmt: skip
_BATCH = 2000
_WRITE_TIMEOUT_SECONDS = 300.0


def broader_candidates(key: str) -> list[str]:
    """The keys that would be ``key``'s broader concept, most specific first (each shorter)."""
    words = key.split()
    link = next((i for i, w in enumerate(words) if i and w in _LINKS), len(words))
    head, tail = words[:link], words[link:]
    found = [head[i:] + tail for i in range(1, len(head))] + [head] if tail else []
    found += [head[i:] for i in range(1, len(head))]
    if not tail and len(head) > 1 and head[-1] in GENERIC_HEADS:
        found.append(head[:-1])
    ordered = sorted(found, key=len, reverse=True)  # stable: a true head before a dropped one
    return list(dict.fromkeys(" ".join(w) for w in ordered if _useful(w)))


def _useful(words: list[str]) -> bool:
    """Not a phrase starting with a preposition, nor a bare generic head (``method``)."""
    return words[0] not in _LINKS and not (len(words) == 1 and words[0] in GENERIC_HEADS)


def narrower_probes(key: str) -> list[str]:
    """Exact keys that would sit under ``key`` by the generic-head rule (``key method``, …)."""
    return [f"{key} {head}" for head in sorted(GENERIC_HEADS)]


def choose_broader(keys: Iterable[str], existing: set[str]) -> dict[str, str | None]:
    """Each key's broader concept among ``existing`` keys (``None`` when there is none)."""
    return {key: next((c for c in broader_candidates(key) if c in existing), None) for key in keys}


async def refresh_hierarchy(driver: AsyncDriver, *, database: str) -> int:
    """Place every concept not yet placed (and the concepts they now sit above); return how
    many concepts were (re)placed. Each round is one write transaction over at most a few
    thousand concepts, so the work is proportional to what the load added."""
    placed = 0
    while True:
        records, _, _ = await driver.execute_query(
            query("hierarchy_pending"), limit=_BATCH, database_=database, routing_="r"
        )
        pending = [str(r["key"]) for r in records]
        if not pending:
            return placed
        async with driver.session(database=database) as session:
            placed += await session.execute_write(_place, pending)


@unit_of_work(timeout=_WRITE_TIMEOUT_SECONDS)
async def _place(tx: AsyncManagedTransaction, pending: list[str]) -> int:
    probes = [p for key in pending for p in narrower_probes(key)]
    below = await _keys(tx, "hierarchy_narrower", keys=pending, probes=probes)
    affected = list(dict.fromkeys([*pending, *below]))
    wanted = {c for key in affected for c in broader_candidates(key)}
    existing = set(await _keys(tx, "existing_concept_keys", keys=sorted(wanted)))
    rows = [{"key": k, "broader": b} for k, b in choose_broader(affected, existing).items()]
    await (await tx.run(query("set_broader"), rows=rows)).consume()
    return len(rows)


async def _keys(tx: AsyncManagedTransaction, name: str, **params: list[str]) -> list[str]:
    result = await tx.run(query(name), dict(params))
    return [str(record["key"]) async for record in result]
