"""What a load decides once its whole input is written, so the graph does not depend on how the
input was cut into batches or loads: untyped uses linked to the methods other papers type, no
key both a Concept and a Method, one node per idea where a method spells out a concept (the
concept merged into the method, or an acronym naming a field folded into the concept), and
aliases only of forms papers still write.

The writes flag what they touch (``resolvePending`` on papers left with untyped uses, on
methods and on concepts), and a resolution reads only the flagged nodes, so a load into a
graph of a million papers costs what the load wrote.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, Literal

from neo4j import AsyncDriver, AsyncManagedTransaction, unit_of_work

from graph.cypher import query
from graph.queries._lucene import check_search_text, lucene_phrase
from graph.topics import relink_papers
from papergraph.errors import InvalidInputError

__all__ = ["count_method_kinds", "refresh_aliases", "resolve_graph", "store_untyped_uses"]

#: Server-side bound on the resolution transaction (as for a batch write).
_TIMEOUT_SECONDS = 300.0
#: Flagged papers, methods and concepts each settled in one transaction: the end of a first
#: load of 100,000 papers outgrew Neo4j's transaction memory settled at once, and at 2,000.
_ROUND = 500
#: Uses linked in one transaction: a name a fifth of a big graph uses before any paper typed it
#: waits in tens of thousands of papers, which one transaction could not link.
_USES_ROUND = 5000
#: At most this many mentions of concepts become uses of methods in a round (the concepts with
#: fewest first; one with more moves over several): each move also moves the RELATED_TO weights
#: of its paper's other concepts, and a round of tens of thousands ran past the server's
#: transaction memory (a 1 GB heap's 717 MB) at the end of a load of 100,000 papers.
_MAX_MOVES = 2000

_STORE_UNTYPED = query("store_untyped_uses")
_PENDING = query("pending_resolution")
_PENDING_USES = query("resolve_untyped_uses")
_KNOWN_METHODS = query("link_known_methods")
_RELATED_USES = query("link_related_uses")
_MOVE_TRENDS = query("move_trend_counts")
_VARIANTS = query("refresh_variants")
_CONCEPTS_INTO_METHODS = query("merge_concepts_into_methods")
_METHODS_INTO_CONCEPTS = query("fold_methods_into_concepts")
_STAMP = query("stamp_edge_counts")
_ALIASES = query("refresh_aliases")
_SETTLE = query("settle_resolution")
_COUNT_KINDS = query("count_method_kinds")
_KIND_LABELS = query("label_method_kinds")
_WORD = re.compile(r"[^\W_]")


async def _rows(tx: AsyncManagedTransaction, statement: Any, **params: Any) -> list[dict[str, Any]]:
    result = await tx.run(statement, **params)
    return [record.data() async for record in result]


async def store_untyped_uses(
    tx: AsyncManagedTransaction, match_keys: Sequence[str], untyped: Sequence[dict[str, Any]]
) -> None:
    """Keep each paper's untyped method rows with it (``untyped``: rows of a batch, each with
    its paper's ``matchKey``); a paper without any gets empty lists."""
    by_paper: dict[str, list[dict[str, Any]]] = {key: [] for key in match_keys}
    for row in untyped:
        by_paper[row["matchKey"]].append(row)
    rows = [
        {"matchKey": key, "keys": [r["key"] for r in uses], "uses": [json.dumps(r) for r in uses]}
        for key, uses in by_paper.items()
    ]
    await _rows(tx, _STORE_UNTYPED, rows=rows)


async def refresh_aliases(
    tx: AsyncManagedTransaction, *, concept_keys: Sequence[str], method_keys: Sequence[str]
) -> None:
    """Drop the aliases (and a concept's name) no paper linked to the node writes any more."""
    await _rows(tx, _ALIASES, conceptKeys=list(concept_keys), methodKeys=list(method_keys))


async def resolve_graph(driver: AsyncDriver, *, database: str) -> int:
    """Link every stored untyped use whose method the graph now knows, turn the mentions of
    concepts whose key names a method into uses of it, and the uses of an acronym method that
    names a field into mentions of that concept; return how many papers changed.

    Works through what the writes flagged in transactions of at most :data:`_ROUND` papers,
    methods and concepts each, until nothing is left flagged."""
    changed: set[str] = set()
    more = True
    while more:
        async with driver.session(database=database) as session:
            papers, more = await session.execute_write(_resolve)
        if papers:  # their mentions moved: the topics they belong to follow
            await relink_papers(driver, database=database, match_keys=papers)
        changed.update(papers)
    return len(changed)


@unit_of_work(timeout=_TIMEOUT_SECONDS)
async def _resolve(tx: AsyncManagedTransaction) -> tuple[list[str], bool]:
    """One round: the papers whose edges changed, and whether flagged nodes are left."""
    pending = (await _rows(tx, _PENDING, limit=_ROUND))[0]
    methods = pending["methods"]
    found = await _rows(
        tx,
        _PENDING_USES,
        matchKeys=pending["matchKeys"],
        methods=[_phrased(m["key"]) for m in methods],
        limit=_USES_ROUND,
    )
    uses = [json.loads(r["use"]) for r in found]
    await _rows(tx, _KNOWN_METHODS, rows=uses)
    linked = sorted({u["key"] for u in uses})
    await _rows(tx, _VARIANTS, keys=sorted({u["key"] for u in uses if u.get("variantOf")}))
    if len(found) == _USES_ROUND:  # more uses wait: link them first, settle the flags after
        papers = sorted({u["matchKey"] for u in uses})
        added = [_new_use(u, r["year"]) for u, r in zip(uses, found, strict=True)]
        await _count_new_edges(tx, added, node="method")
        await _rows(tx, _STAMP, matchKeys=papers)
        await _rows(tx, _SETTLE, matchKeys=[], linkedKeys=papers, methodKeys=[], conceptKeys=[])
        return papers, True
    # a concept merges into a method (or a method folds into it) when either was written, or
    # the method gained papers
    spelled = [[m["key"], *m["expansionKeys"]] for m in methods]
    spelled += [[u["key"], *(r["expansionKeys"] or [])] for u, r in zip(uses, found, strict=True)]
    concepts = sorted({*pending["conceptKeys"], *(key for keys in spelled for key in keys)})
    merged = (
        await _rows(
            tx,
            _CONCEPTS_INTO_METHODS,
            concepts=[_phrased(k) for k in concepts],
            maxMoves=_MAX_MOVES,
        )
        or [{}]
    )[0]
    unfinished = set(merged.get("unfinished", []))
    # (the merged concepts are gone with their weights and counts)
    added = [_new_use(u, r["year"]) for u, r in zip(uses, found, strict=True)]
    await _count_new_edges(tx, added + merged.get("uses", []), node="method")
    # counted before the fold: a pair its new mentions make is then counted once, by them
    folded = (
        await _rows(tx, _METHODS_INTO_CONCEPTS, concepts=[_phrased(k) for k in concepts]) or [{}]
    )[0]
    await _count_new_edges(tx, folded.get("mentions", []), node="concept")
    moved = {*merged.get("matchKeys", []), *folded.get("matchKeys", [])}
    papers = sorted({u["matchKey"] for u in uses} | moved)
    await _rows(tx, _STAMP, matchKeys=papers)
    settled = sorted({*(m["key"] for m in methods), *linked})
    await count_method_kinds(tx, settled)
    await _rows(
        tx,
        _SETTLE,
        matchKeys=pending["matchKeys"],
        linkedKeys=sorted({u["matchKey"] for u in uses}),
        methodKeys=settled,
        conceptKeys=[k for k in pending["conceptKeys"] if k not in unfinished],
    )
    read = (pending["matchKeys"], pending["methods"], pending["conceptKeys"])
    return papers, bool(unfinished) or any(len(found) == _ROUND for found in read)


async def count_method_kinds(tx: AsyncManagedTransaction, keys: Sequence[str]) -> None:
    """Give these methods the kind most of their papers give, and its label."""
    await _rows(tx, _COUNT_KINDS, methodKeys=list(keys))
    await _rows(tx, _KIND_LABELS, methodKeys=list(keys))


def _new_use(use: dict[str, Any], year: int | None) -> dict[str, Any]:
    return {"matchKey": use["matchKey"], "key": use["key"], "year": year}


async def _count_new_edges(
    tx: AsyncManagedTransaction, added: list[dict[str, Any]], *, node: Literal["method", "concept"]
) -> None:
    """Count each edge a resolution created, to a method (a use) or to a concept (a mention a
    fold made), in the RELATED_TO weights and the node's papers per year, as a batch's own
    edges are counted."""
    rows = [{"matchKey": a["matchKey"], "year": a["year"], f"{node}Key": a["key"]} for a in added]
    await _rows(tx, _RELATED_USES, uses=rows)
    await _rows(tx, _MOVE_TRENDS, papers=[r for r in rows if r["year"] is not None], change=1)


def _phrased(key: str) -> dict[str, str | None]:
    """A key and the escaped Lucene phrase a full-text index finds it with (None for a key
    with no word to search for, or too long a one: only an exact key lookup finds those)."""
    try:
        check_search_text(key)
    except InvalidInputError:
        return {"key": key, "phrase": None}
    return {"key": key, "phrase": lucene_phrase(key) if _WORD.search(key) else None}
