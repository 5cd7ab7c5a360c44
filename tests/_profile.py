"""What a statement cost: the database hits of a PROFILE plan, for the tests that bound a
query's reads against the size of the graph."""

from __future__ import annotations

from typing import Any, LiteralString

from neo4j import AsyncDriver


def db_hits(plan: dict[str, Any]) -> int:
    """The database hits of ``plan`` (a driver's ``summary.profile``) and all its children."""
    return int(plan.get("dbHits", 0)) + sum(db_hits(c) for c in plan.get("children", ()))


async def statement_hits(
    driver: AsyncDriver, database: str, statement: LiteralString, params: dict[str, Any]
) -> int:
    """The database hits of one run of ``statement`` with ``params``, by PROFILE."""
    async with driver.session(database=database) as session:
        summary = await (await session.run("PROFILE " + statement, params)).consume()
    assert summary.profile is not None
    return db_hits(summary.profile)
