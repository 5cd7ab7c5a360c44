"""What a statement cost: the database hits of a PROFILE plan, for the tests that bound a
query's reads against the size of the graph."""

from __future__ import annotations

from typing import Any


def db_hits(plan: dict[str, Any]) -> int:
    """The database hits of ``plan`` (a driver's ``summary.profile``) and all its children."""
    return int(plan.get("dbHits", 0)) + sum(db_hits(c) for c in plan.get("children", ()))
