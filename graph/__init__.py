"""The graph layer: settings, connection, schema, Cypher and the typed query functions."""

from __future__ import annotations

from graph._home import require_writable
from graph.config import Settings, load_settings
from graph.errors import (
    AuthenticationError,
    ConfigError,
    CorpusError,
    ExportError,
    ExtractionError,
    GraphUnavailableError,
    InvalidInputError,
    Neo4jServerError,
    NotFoundError,
    PapergraphError,
    QueryTimeoutError,
    QueryTooCostlyError,
    UnauthenticatedError,
)

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
    "Settings",
    "UnauthenticatedError",
    "load_settings",
    "require_writable",
]
