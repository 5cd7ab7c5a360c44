"""Whether an index exists: how a migration knows it is done (see :mod:`graph.schema`)."""

from __future__ import annotations

from neo4j import AsyncDriver

from graph.cypher import query

__all__ = ["index_exists"]

_EXISTS = query("schema_index_exists")


async def index_exists(driver: AsyncDriver, *, database: str, name: str) -> bool:
    """Whether the index ``name`` exists: one schema query, whatever the graph's size."""
    records, _, _ = await driver.execute_query(_EXISTS, name=name, database_=database, routing_="r")
    return bool(records and records[0]["indexed"])
