"""The acronym definitions stored papers made, indexed so that a load reads only the ones it can use.

A paper keeps what it defines in ``p.acronyms`` (``GNN=graph neural network``); the write path
mirrors that list into ``(:Paper)-[:DEFINES_ACRONYM]->(:AcronymDefinition {acronym, key,
paperId})`` nodes, whose range index on ``(acronym, paperId)`` gives each acronym's definition
of the smallest paper id (the one a load learns) in one index entry. A graph written before the
nodes existed is indexed by :func:`index_acronym_definitions` the first time its schema is
ensured; until then :func:`known_acronyms` reads the papers' lists, with the same answer.
"""

from __future__ import annotations

from collections.abc import Iterable

from neo4j import AsyncDriver, AsyncManagedTransaction, unit_of_work

from graph._indexes import index_exists
from graph.cypher import query

__all__ = ["index_acronym_definitions", "known_acronyms", "write_acronym_definitions"]

_WRITE = query("write_acronym_definitions")
_KNOWN = query("known_acronyms")
_KNOWN_UNINDEXED = query("known_acronyms_unindexed")
#: The index created once every stored paper's definitions are indexed (graph.schema).
INDEX = "acronym_definition"
_PAGE = query("papers_with_acronyms")

#: Acronyms asked per read, papers indexed per transaction by the backfill.
_BATCH = 5000
_WRITE_TIMEOUT_SECONDS = 300.0


async def write_acronym_definitions(tx: AsyncManagedTransaction, *, match_keys: list[str]) -> None:
    """Index the definitions of these papers as their ``p.acronyms`` now say, in the batch's
    own transaction (so the index never disagrees with the papers)."""
    await (await tx.run(_WRITE, matchKeys=match_keys)).consume()


async def known_acronyms(
    driver: AsyncDriver, *, database: str, acronyms: Iterable[str]
) -> list[tuple[str, str]]:
    """``(acronym, concept key)`` for each of ``acronyms`` that a stored paper defines: the
    definition of the paper with the smallest id, sorted by acronym. Costs an index lookup per
    acronym asked, not a read of the graph."""
    asked = sorted(set(acronyms))
    indexed = await index_exists(driver, database=database, name=INDEX)
    statement = _KNOWN if indexed else _KNOWN_UNINDEXED
    found: list[tuple[str, str]] = []
    for start in range(0, len(asked), _BATCH):
        records, _, _ = await driver.execute_query(
            statement, acronyms=asked[start : start + _BATCH], database_=database, routing_="r"
        )
        found += [(str(r["acronym"]), str(r["key"])) for r in records]
    return sorted(found)


async def index_acronym_definitions(driver: AsyncDriver, *, database: str) -> int:
    """Index the definitions of every stored paper; return how many papers were indexed (a
    migration of :mod:`graph.schema`, run once before the index :data:`INDEX`; an interrupted
    run is redone whole: each paper's nodes are rewritten, never added to)."""
    indexed, after = 0, ""
    while True:
        records, _, _ = await driver.execute_query(
            _PAGE, after=after, limit=_BATCH, database_=database, routing_="r"
        )
        keys = [str(r["matchKey"]) for r in records]
        if not keys:
            break
        async with driver.session(database=database) as session:
            await session.execute_write(_write_page, keys)
        indexed, after = indexed + len(keys), keys[-1]
    return indexed


@unit_of_work(timeout=_WRITE_TIMEOUT_SECONDS)
async def _write_page(tx: AsyncManagedTransaction, keys: list[str]) -> None:
    await write_acronym_definitions(tx, match_keys=keys)
