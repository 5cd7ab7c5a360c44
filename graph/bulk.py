"""A first load through Neo4j's offline importer: files, import, then the write path's own steps.

For a large corpus into an empty graph, ``papergraph load --bulk`` writes what the online
write path would store (:mod:`graph._bulk_tables`) as CSV files (:mod:`graph._bulk_csv`), stops
the local server, runs ``neo4j-admin database import full`` over the empty store, starts the
server again and runs, in Cypher, what the write path settles in Cypher: the schema, the
RELATED_TO pair keys, the values the files cannot hold, the untyped uses left waiting and the
VARIANT_OF edges. The use case then runs the same steps after the load as an online load
(resolution, RELATED_TO refresh, hierarchy, counts, topics), so both give the same graph.

The importer overwrites the store: :func:`require_empty` refuses a graph holding any node.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neo4j import AsyncDriver, AsyncManagedTransaction, unit_of_work

from graph._bulk_csv import ARRAY_DELIMITER, CsvFiles, Fix
from graph._bulk_tables import BulkTables
from graph.cypher import query, run_batched
from graph.schema import ensure_schema
from graph.writes import PaperRow
from papergraph.errors import InvalidInputError

__all__ = ["BulkFiles", "forget_bookmarks", "require_empty", "settle_import"]

_EMPTY = query("graph_is_empty")
_UNTYPED = query("store_untyped_uses")
_NODE_PROPS = query("bulk_set_node_props")
_EDGE_PROPS = query("bulk_set_edge_props")
_VARIANTS = query("refresh_variants")
#: Rows a transaction of the steps after the import sets (each row an index lookup).
_ROUND = 5000
_TIMEOUT_SECONDS = 3600.0


async def require_empty(driver: AsyncDriver, *, database: str) -> None:
    """Raise :class:`InvalidInputError` unless the graph holds no node: the import replaces
    the whole store."""
    records, _, _ = await driver.execute_query(_EMPTY, database_=database, routing_="r")
    if not records[0]["empty"]:
        raise InvalidInputError(
            f"The database '{database}' is not empty: a bulk load imports into an empty store "
            "and would replace it. Load into it with `papergraph load` (without --bulk), or "
            "empty it first."
        )


@dataclass
class BulkFiles:
    """The import's files in ``folder``, written as batches of rows arrive in input order."""

    folder: Path
    tables: BulkTables = field(default_factory=BulkTables)
    csv: CsvFiles = field(init=False)

    def __post_init__(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.csv = CsvFiles(self.folder)

    def add(self, papers: Sequence[PaperRow]) -> None:
        """Write the next papers' nodes and edges."""
        self.csv.write(self.tables.add(papers))

    def import_arguments(self) -> list[str]:
        """The ``neo4j-admin database import full`` arguments that read these files."""
        return [
            *self.csv.arguments(),
            f"--array-delimiter=U+{ord(ARRAY_DELIMITER):04X}",
            "--multiline-fields=true",
        ]

    def finish(self) -> None:
        """Write what depends on the whole input and close the files."""
        self.csv.write(self.tables.finish())
        self.csv.close()


async def forget_bookmarks(driver: AsyncDriver, *, database: str) -> None:
    """Replace the bookmarks ``driver.execute_query`` keeps by one of the imported store: the
    import starts the transaction ids afresh, and a query waiting for an id of the old store
    would wait until it timed out."""
    async with driver.session(database=database) as session:
        await (await session.run(_EMPTY)).consume()
        fresh = await session.last_bookmarks()
    manager = driver.execute_query_bookmark_manager
    await manager.update_bookmarks(await manager.get_bookmarks(), fresh.raw_values)


async def settle_import(
    driver: AsyncDriver, *, database: str, files: BulkFiles, dimensions: int
) -> None:
    """What the write path does in Cypher, for the imported store: the schema (its backfills
    are not needed, the files hold what they fill, except the RELATED_TO pair keys, made of
    the ids the import gave the nodes), the values the files cannot hold, the untyped uses
    left waiting for a method, and the VARIANT_OF edges."""
    await forget_bookmarks(driver, database=database)
    timeout = _TIMEOUT_SECONDS
    await run_batched(driver, "fill_related_pairs", database=database, server_timeout=timeout)
    await ensure_schema(driver, database=database, dimensions=dimensions, backfill=False)
    await run_batched(driver, "bulk_fill_papers", database=database, server_timeout=timeout)
    await _in_rounds(driver, database, _UNTYPED, files.tables.waiting())
    nodes = [_node_row(f) for f in files.csv.fixes if f.type is None]
    await _in_rounds(driver, database, _NODE_PROPS, nodes)
    edges = [_edge_row(f) for f in files.csv.fixes if f.type is not None]
    await _in_rounds(driver, database, _EDGE_PROPS, edges)
    variants = sorted(files.tables.variant_keys)
    await _in_rounds(driver, database, _VARIANTS, variants, name="keys")


def _node_row(fix: Fix) -> dict[str, Any]:
    return {"label": fix.label, "key": fix.key, "props": fix.props}


def _edge_row(fix: Fix) -> dict[str, Any]:
    return {"matchKey": fix.key, "type": fix.type, "key": fix.end, "props": fix.props}


async def _in_rounds(
    driver: AsyncDriver, database: str, statement: Any, rows: Sequence[Any], *, name: str = "rows"
) -> None:
    for start in range(0, len(rows), _ROUND):
        async with driver.session(database=database) as session:
            await session.execute_write(_run, statement, {name: list(rows[start : start + _ROUND])})


@unit_of_work(timeout=_TIMEOUT_SECONDS)
async def _run(tx: AsyncManagedTransaction, statement: Any, params: dict[str, Any]) -> None:
    await (await tx.run(statement, params)).consume()
