"""The one place the read side talks to Neo4j: every read statement goes through :func:`fetch`.

:func:`fetch` runs a named statement in a read transaction with the server-side timeout
``PAPERGRAPH_QUERY_TIMEOUT``, translates driver errors into papergraph errors and counts the
statement on the reader's :class:`StatementCounter` (the API makes one reader per request, so the
count says how many round trips a request cost).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, LiteralString

from neo4j import READ_ACCESS, AsyncDriver, AsyncManagedTransaction, unit_of_work

from graph.config import Settings
from graph.connection import database_errors
from graph.cypher import query

__all__ = ["GraphReader", "StatementCounter", "fetch", "fetch_one", "server_version"]

Row = dict[str, Any]
# Retry transient failures briefly: an API caller would rather get DATABASE_UNAVAILABLE in about
# two seconds than wait for the driver's default 30 s of retries.
_RETRY_SECONDS = 2.0


@dataclass
class StatementCounter:
    """How many statements were sent to Neo4j (mutable, one per request)."""

    statements: int = 0


@dataclass(frozen=True)
class GraphReader:
    """What every read needs: the driver, the settings and a statement counter."""

    driver: AsyncDriver
    settings: Settings
    counter: StatementCounter = field(default_factory=StatementCounter)

    @property
    def database(self) -> str:
        """The Neo4j database name."""
        return self.settings.neo4j_database

    def fork(self) -> GraphReader:
        """The same driver and settings with a fresh counter (one per request)."""
        return replace(self, counter=StatementCounter())


async def fetch(reader: GraphReader, name: str, /, **params: Any) -> list[Row]:
    """Run ``cypher/<name>.cypher`` with ``params`` in a read transaction; every row as a dict."""
    statement = query(name)
    reader.counter.statements += 1
    work = unit_of_work(timeout=reader.settings.query_timeout)(_collect)
    with database_errors(reader.settings):
        async with reader.driver.session(
            database=reader.database, default_access_mode=READ_ACCESS,
            notifications_min_severity="OFF", max_transaction_retry_time=_RETRY_SECONDS,
        ) as session:
            return await session.execute_read(work, statement, params)


async def fetch_one(reader: GraphReader, name: str, /, **params: Any) -> Row | None:
    """The first row of :func:`fetch`, or ``None``."""
    rows = await fetch(reader, name, **params)
    return rows[0] if rows else None


async def _collect(tx: AsyncManagedTransaction, statement: LiteralString, params: Row) -> list[Row]:
    result = await tx.run(statement, params)
    return [record.data() async for record in result]


async def server_version(reader: GraphReader) -> str:
    """The server's agent string, e.g. ``Neo4j/5.26.0``; raises when Neo4j does not answer."""
    with database_errors(reader.settings):
        info = await reader.driver.get_server_info()
    return str(info.agent)
