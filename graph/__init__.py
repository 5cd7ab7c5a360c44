"""The graph layer: settings, connection, schema, Cypher and the typed query functions."""

from __future__ import annotations

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
    "Settings",
    "load_settings",
]
