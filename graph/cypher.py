"""Named Cypher statements, one per ``cypher/<name>.cypher`` file.

Each file holds exactly one statement after a ``//`` header that gives its purpose, its
``$params`` and its returned columns. :func:`query` returns the statement by name; every file
is read and checked when this module is first used, so a missing or empty file fails at start-up.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import LiteralString, cast

from neo4j import AsyncDriver, Query

from papergraph.errors import PapergraphError

__all__ = ["cypher_dir", "names", "query", "run_batched"]

_CANDIDATES = (
    Path(__file__).resolve().parent.parent / "cypher",  # source checkout / editable install
    Path(__file__).resolve().parent / "cypher",  # wheel (force-included)
)


def cypher_dir() -> Path:
    """The folder holding the ``.cypher`` files."""
    for folder in _CANDIDATES:
        if folder.is_dir():
            return folder
    raise PapergraphError(
        f"No cypher/ folder found (looked in {', '.join(map(str, _CANDIDATES))})."
    )


@cache
def _statements() -> dict[str, str]:
    statements = {}
    for path in sorted(cypher_dir().glob("*.cypher")):
        body = _strip_header(path.read_text(encoding="utf-8"))
        if not body:
            raise PapergraphError(f"{path} holds no Cypher statement.")
        statements[path.stem] = body
    return statements


def _strip_header(text: str) -> str:
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    return "\n".join(lines).strip().rstrip(";")


def names() -> list[str]:
    """Every statement name, sorted."""
    return sorted(_statements())


def query(name: str) -> LiteralString:
    """The statement stored in ``cypher/<name>.cypher``."""
    try:
        # Files we ship, never user text: the one place a str becomes a LiteralString.
        return cast(LiteralString, _statements()[name])  # type: ignore[redundant-cast]
    except KeyError:
        raise PapergraphError(f"No Cypher statement named {name!r} in {cypher_dir()}.") from None


async def run_batched(
    driver: AsyncDriver, name: str, *, database: str, server_timeout: float
) -> None:
    """Run the statement ``name``, which commits in batches of its own (``CALL … IN
    TRANSACTIONS``), in an auto-commit transaction, as such a statement must be;
    ``server_timeout`` (seconds) bounds the whole run on the server, every batch included."""
    async with driver.session(database=database) as session:
        await (await session.run(Query(query(name), timeout=server_timeout))).consume()
