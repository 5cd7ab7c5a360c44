"""The one exception tree of papergraph.

Every error a user can act on derives from :class:`PapergraphError`::

    PapergraphError
    ├── ConfigError            a setting is missing or invalid
    ├── Neo4jServerError       the local Neo4j could not be provisioned, started or stopped
    ├── GraphUnavailableError  the database does not answer (retrying may help)
    │   ├── QueryTimeoutError  ... a statement outran PAPERGRAPH_QUERY_TIMEOUT
    │   └── UnconfirmedWriteError  ... it went away mid-commit: the write may be stored or not
    ├── AuthenticationError    the database refused the configured credentials
    ├── UnauthenticatedError   an API mutation came without the right bearer token
    ├── NotFoundError          a paper, concept or method does not exist
    ├── InvalidInputError      a corpus record or an API argument is malformed
    │   ├── CorpusError        ... located in a file (path, line, field)
    │   └── QueryTooCostlyError  ... a GraphQL document could return too many objects
    ├── ExtractionError        the keyphrase model could not be loaded or run
    └── ExportError            a graph export could not be written

Messages are full sentences that say what happened and what to do about it. Each class's
``code`` is the GraphQL ``extensions.code`` clients see for it.

A record skipped on purpose (no usable abstract, an id given twice) is no error: readers yield
it as a :class:`loaders.records.CorpusWarning`.
"""

from __future__ import annotations

__all__ = [
    "AuthenticationError",
    "ConfigError",
    "CorpusError",
    "ExportError",
    "ExtractionError",
    "GraphUnavailableError",
    "InvalidInputError",
    "Neo4jServerError",
    "NotFoundError",
    "PapergraphError",
    "QueryTimeoutError",
    "QueryTooCostlyError",
    "UnauthenticatedError",
    "UnconfirmedWriteError",
]


class PapergraphError(Exception):
    """Root of every error papergraph raises on purpose."""

    #: Stable machine-readable code, used as the GraphQL ``extensions.code``.
    code = "INTERNAL"
    #: Whether trying the same operation again later may succeed.
    retryable = False


class ConfigError(PapergraphError):
    """One or more settings are missing or invalid."""

    code = "BAD_CONFIG"


class Neo4jServerError(PapergraphError):
    """The local Neo4j server could not be provisioned, started or stopped."""

    code = "NEO4J_SERVER"


class GraphUnavailableError(PapergraphError):
    """Neo4j did not answer; it may be down or unreachable."""

    code = "DATABASE_UNAVAILABLE"
    retryable = True


class QueryTimeoutError(GraphUnavailableError):
    """A statement ran longer than ``PAPERGRAPH_QUERY_TIMEOUT`` and was stopped by the server."""

    code = "TIMEOUT"


class UnconfirmedWriteError(GraphUnavailableError):
    """Neo4j went away while a batch of ``papers`` papers was being committed and did not come
    back in time to write it again: the batch may be stored, or not."""

    def __init__(self, message: str, *, papers: int) -> None:
        super().__init__(message)
        self.papers = papers


class AuthenticationError(PapergraphError):
    """Neo4j refused the configured user name or password."""

    code = "DATABASE_UNAVAILABLE"


class UnauthenticatedError(PapergraphError):
    """A mutation came without the right bearer token, or mutations are disabled."""

    code = "UNAUTHENTICATED"


class NotFoundError(PapergraphError):
    """The requested paper, concept or method does not exist."""

    code = "NOT_FOUND"


class InvalidInputError(PapergraphError):
    """An input value is malformed."""

    code = "BAD_USER_INPUT"


class CorpusError(InvalidInputError):
    """A corpus file or one of its records is malformed; the message names file and line."""

    def __init__(
        self, reason: str, *, path: str, line: int | None = None, field: str | None = None
    ) -> None:
        self.reason = reason
        self.path = path
        self.line = line
        self.field = field
        where = path if line is None else f"{path}, line {line}"
        what = f"field '{field}': {reason}" if field else reason
        super().__init__(f"{where}: {what}")


class QueryTooCostlyError(InvalidInputError):
    """The GraphQL document can return more objects than the server's limit."""

    code = "QUERY_TOO_COSTLY"

    def __init__(self, *, estimate: int, limit: int) -> None:
        self.estimate, self.limit = estimate, limit
        super().__init__(
            f"This query could return about {estimate:,} objects; the limit is {limit:,} "
            "(PAPERGRAPH_MAX_QUERY_COST). Ask for fewer items per list (`first`), nest fewer "
            "lists, or page with `after`."
        )


class ExtractionError(PapergraphError):
    """The keyphrase model could not be loaded or run."""

    code = "EXTRACTION_FAILED"


class ExportError(PapergraphError):
    """A graph export could not be written."""

    code = "EXPORT_FAILED"
