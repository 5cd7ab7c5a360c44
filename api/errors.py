"""What clients see of errors: a stable ``extensions.code``, never a traceback.

* papergraph errors (:class:`papergraph.errors.PapergraphError` and subclasses) keep their message
  and carry their ``.code``: ``NOT_FOUND``, ``BAD_USER_INPUT``, ``UNAUTHENTICATED``,
  ``DATABASE_UNAVAILABLE``, ``TIMEOUT`` ...;
* GraphQL's own errors (syntax, validation, the depth/alias/token limits, bad variables) are
  ``BAD_USER_INPUT``;
* anything else is a bug: it is logged with its traceback and the client sees only
  ``"Internal error."`` with ``INTERNAL``;
* what is refused before GraphQL runs or after it answered (a body too large or not JSON, an
  answer too large: :mod:`api._limits`) gets the same shape from :func:`error_body`.

This module is the one place that shapes errors: :class:`ErrorCodes` rewrites every GraphQL
result's errors, the schema logs the unexpected ones with :func:`log_unexpected`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import orjson
from graphql import GraphQLError
from strawberry.extensions import SchemaExtension

from papergraph.errors import PapergraphError

__all__ = [
    "INTERNAL_MESSAGE",
    "ErrorCodes",
    "client_errors",
    "error_body",
    "error_code",
    "is_unexpected",
    "log_unexpected",
]

logger = logging.getLogger("papergraph.api")

INTERNAL_MESSAGE = "Internal error. It has been logged; please report it if it persists."


def error_code(error: GraphQLError) -> str:
    """The ``extensions.code`` for ``error``."""
    original = error.original_error
    if isinstance(original, PapergraphError):
        return original.code
    if original is None or isinstance(original, GraphQLError):
        return "BAD_USER_INPUT"
    return "INTERNAL"


def error_body(code: str, message: str) -> bytes:
    """A GraphQL-shaped JSON body of one error, for refusals outside GraphQL's execution."""
    return orjson.dumps(
        {"data": None, "errors": [{"message": message, "extensions": {"code": code}}]}
    )


def is_unexpected(error: GraphQLError) -> bool:
    """Whether ``error`` is a bug to log and mask (not a user or database problem)."""
    return error_code(error) == "INTERNAL"


_SUGGESTION = re.compile(r"\s*Did you mean .*$", re.DOTALL)


def _client_error(error: GraphQLError, *, suggestions: bool = True) -> GraphQLError:
    code = error_code(error)
    message = INTERNAL_MESSAGE if code == "INTERNAL" else error.message
    if not suggestions:
        message = _SUGGESTION.sub("", message)
    return GraphQLError(
        message,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        original_error=None,
        extensions={**(error.extensions or {}), "code": code},
    )


def client_errors(errors: list[GraphQLError], *, suggestions: bool = True) -> list[GraphQLError]:
    """``errors`` as clients see them (see the module docstring)."""
    return [_client_error(e, suggestions=suggestions) for e in errors]


class ErrorCodes(SchemaExtension):
    """Rewrite every error of a result into its client form (see the module docstring).

    With ``suggestions=False`` the "Did you mean …?" hints that reveal field, argument and enum
    names are cut from validation messages (for servers with introspection off).
    """

    def __init__(self, *, suggestions: bool = True) -> None:
        self.suggestions = suggestions

    def on_operation(self) -> Iterator[None]:
        yield
        result = self.execution_context.result
        errors = getattr(result, "errors", None)
        if result is not None and errors:
            result.errors = client_errors(errors, suggestions=self.suggestions)


def log_unexpected(errors: list[GraphQLError]) -> None:
    """Log the errors that are bugs, with their tracebacks."""
    for error in errors:
        if is_unexpected(error):
            original = error.original_error
            logger.error(
                "Unexpected error in %s: %r",
                error.path,
                original,
                exc_info=(type(original), original, original.__traceback__) if original else None,
            )
