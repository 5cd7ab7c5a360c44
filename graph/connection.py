"""Driver lifecycle and the translation of driver errors into papergraph errors.

One driver per process: the CLI opens one per command, the API one per app (in the Starlette
lifespan). Every statement runs with the configured server-side timeout.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from neo4j import AsyncDriver, AsyncGraphDatabase, Driver, GraphDatabase
from neo4j.exceptions import (
    AuthError,
    ClientError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from papergraph.errors import (
    AuthenticationError,
    GraphUnavailableError,
    InvalidInputError,
    PapergraphError,
    QueryTimeoutError,
)
from papergraph.settings import Settings

__all__ = [
    "async_driver",
    "check_reachable",
    "database_errors",
    "sync_driver",
    "unreachable_message",
]


def _auth(settings: Settings) -> tuple[str, str]:
    return settings.neo4j_auth()


def sync_driver(settings: Settings) -> Driver:
    """A blocking driver, for the CLI and offline exports. Close it (``with``) when done."""
    return GraphDatabase.driver(
        settings.neo4j_uri,
        auth=_auth(settings),
        connection_timeout=5.0,
        notifications_min_severity="OFF",
    )


def async_driver(settings: Settings) -> AsyncDriver:
    """An asyncio driver, for the API and the loader pipeline. Close it when done.

    Managed transactions (every write batch) retry transient errors with backoff for
    ``PAPERGRAPH_WRITE_RETRY_SECONDS`` before the error reaches the caller; reads override it
    with a shorter bound (``graph.queries``).
    """
    return AsyncGraphDatabase.driver(
        settings.neo4j_uri,
        auth=_auth(settings),
        connection_timeout=5.0,
        connection_acquisition_timeout=10.0,
        notifications_min_severity="OFF",
        max_transaction_retry_time=settings.write_retry_seconds,
    )


def unreachable_message(settings: Settings) -> str:
    """The message users see when Neo4j does not answer."""
    return (
        f"Neo4j is not reachable at {settings.neo4j_uri}: run `papergraph neo4j start` "
        "or set NEO4J_URI to a running server."
    )


async def check_reachable(driver: AsyncDriver, settings: Settings) -> None:
    """Raise :class:`GraphUnavailableError` (or :class:`AuthenticationError`) now when Neo4j
    does not answer or refuses the login: a command calls it before slow preparations (loading
    models, starting processes), so a server that is down is reported within a second."""
    with database_errors(settings):
        await driver.verify_connectivity()


@contextmanager
def database_errors(settings: Settings) -> Iterator[None]:
    """Turn driver exceptions raised inside the block into papergraph errors."""
    try:
        yield
    except PapergraphError:
        raise
    except AuthError as exc:
        raise AuthenticationError(
            f"Neo4j at {settings.neo4j_uri} refused user '{settings.neo4j_user}': check "
            "NEO4J_USER and NEO4J_PASSWORD."
        ) from exc
    except (ServiceUnavailable, SessionExpired) as exc:
        raise GraphUnavailableError(unreachable_message(settings)) from exc
    except ClientError as exc:
        raise _client_error(exc, settings) from exc
    except TransientError as exc:
        raise GraphUnavailableError(
            f"Neo4j at {settings.neo4j_uri} could not complete the request ({exc.message}). "
            "If it is restarting, retry shortly; if it is down, run `papergraph neo4j start`."
        ) from exc
    except (Neo4jError, DriverError, OSError) as exc:
        if isinstance(exc, Neo4jError) and _TOO_LARGE in (exc.message or ""):
            raise InvalidInputError(
                "A value is too long for Neo4j to index, so nothing of this batch was written "
                f"({exc.message}). Shorten the field the index names."
            ) from exc
        raise GraphUnavailableError(f"{unreachable_message(settings)} ({exc})") from exc


# Neo4j's message (a DatabaseError, not a ClientError) for a value past an index's key size.
_TOO_LARGE = "too large to index"


def _client_error(exc: ClientError, settings: Settings) -> PapergraphError:
    code = exc.code or ""
    if "TransactionTimedOut" in code or "Transaction.TransactionTimedOut" in code:
        return QueryTimeoutError(
            f"The query ran longer than {settings.query_timeout:g} s and was stopped "
            "(PAPERGRAPH_QUERY_TIMEOUT). Narrow it, e.g. with a smaller `first` or fewer hops."
        )
    if "Database.DatabaseNotFound" in code:
        return GraphUnavailableError(
            f"Neo4j has no database '{settings.neo4j_database}': set NEO4J_DATABASE."
        )
    if "Statement.ArgumentError" in code or "Statement.TypeError" in code:
        return InvalidInputError(f"Neo4j rejected an argument: {exc.message}")
    return PapergraphError(f"Neo4j refused the request ({code}): {exc.message}")
