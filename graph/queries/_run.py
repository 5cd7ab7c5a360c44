"""The one place the read side talks to Neo4j: every read statement goes through :func:`fetch`.

:func:`fetch` runs a named statement as an auto-commit read with the server-side timeout
``PAPERGRAPH_QUERY_TIMEOUT``, translates driver errors into papergraph errors and counts the
statement on the reader's :class:`StatementCounter` (the API makes one reader per request, so the
count says how many round trips a request cost).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from neo4j import READ_ACCESS, AsyncDriver, Query

from graph.connection import database_errors
from graph.cypher import query
from papergraph.settings import Settings

__all__ = ["GraphReader", "StatementCounter", "fetch", "fetch_one", "server_version"]

Row = dict[str, Any]


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
    """Run ``cypher/<name>.cypher`` with ``params`` as a read; every row as a dict.

    Reads are auto-commit transactions in a READ session: one network round trip (RUN and PULL
    pipelined) instead of the managed transaction's two (BEGIN/RUN/PULL, then COMMIT), which
    was a third of an API request's latency. A read has nothing to retry safely that the
    client cannot simply ask again, so a failure surfaces at once as DATABASE_UNAVAILABLE.

    Rows are ``dict(record)``: the statements return maps, lists and scalars (never nodes or
    relationships), so ``record.data()``'s recursive walk over every nested value would change
    nothing, and it cost 0.2–0.5 ms per row of a ``neighborhood`` or ``relatedPapers`` answer.
    """
    statement = Query(query(name), timeout=reader.settings.query_timeout)
    reader.counter.statements += 1
    with database_errors(reader.settings):
        async with reader.driver.session(
            database=reader.database,
            default_access_mode=READ_ACCESS,
        ) as session:
            result = await session.run(statement, params)
            return [dict(record) async for record in result]


async def fetch_one(reader: GraphReader, name: str, /, **params: Any) -> Row | None:
    """The first row of :func:`fetch`, or ``None``."""
    rows = await fetch(reader, name, **params)
    return rows[0] if rows else None


async def server_version(reader: GraphReader) -> str:
    """The server's agent string, e.g. ``Neo4j/5.26.0``; raises when Neo4j does not answer."""
    with database_errors(reader.settings):
        info = await reader.driver.get_server_info()
    return str(info.agent)
