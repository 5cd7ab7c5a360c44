"""The one settings object, read from the environment (and an optional ``.env``) once.

No other module reads ``os.environ``: callers build :class:`Settings` with :func:`load_settings`
at start-up and pass it down.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import urlsplit

from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from papergraph.errors import ConfigError

__all__ = ["LEGACY_PASSWORD", "Settings", "env_var", "load_settings", "machine_cores"]

#: The fixed password of local servers created before papergraph generated one per server.
LEGACY_PASSWORD = "papergraph-dev"


def _env(name: str) -> AliasChoices:
    return AliasChoices(name)


def machine_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one, which
    a container's CPU set narrows), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        return max(len(os.sched_getaffinity(0)), 1)
    return max(os.cpu_count() or 1, 1)


class Settings(BaseSettings):
    """Every setting papergraph reads, with its environment variable and default."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", frozen=True
    )

    neo4j_uri: str = Field("bolt://127.0.0.1:7687", validation_alias=_env("NEO4J_URI"))
    neo4j_user: str = Field("neo4j", validation_alias=_env("NEO4J_USER"))
    # Unset: the password the local server generated on its first start (see neo4j_auth).
    neo4j_password: SecretStr | None = Field(None, validation_alias=_env("NEO4J_PASSWORD"))
    neo4j_database: str = Field("neo4j", validation_alias=_env("NEO4J_DATABASE"))
    home: Path = Field(Path("~/.cache/papergraph"), validation_alias=_env("PAPERGRAPH_HOME"))
    neo4j_http_port: int = Field(7474, validation_alias=_env("PAPERGRAPH_NEO4J_HTTP_PORT"))
    neo4j_heap: str = Field("1g", validation_alias=_env("PAPERGRAPH_NEO4J_HEAP"))
    neo4j_pagecache: str = Field("512m", validation_alias=_env("PAPERGRAPH_NEO4J_PAGECACHE"))
    neo4j_start_timeout: float = Field(
        120.0, validation_alias=_env("PAPERGRAPH_NEO4J_START_TIMEOUT")
    )
    query_timeout: float = Field(10.0, validation_alias=_env("PAPERGRAPH_QUERY_TIMEOUT"))
    max_query_cost: int = Field(50_000, validation_alias=_env("PAPERGRAPH_MAX_QUERY_COST"))
    max_response_bytes: int = Field(
        16 * 1024 * 1024, validation_alias=_env("PAPERGRAPH_MAX_RESPONSE_BYTES")
    )
    max_body_bytes: int = Field(1024 * 1024, validation_alias=_env("PAPERGRAPH_MAX_BODY_BYTES"))
    head_timeout: float = Field(10.0, validation_alias=_env("PAPERGRAPH_HEAD_TIMEOUT"))
    write_retry_seconds: float = Field(
        30.0, validation_alias=_env("PAPERGRAPH_WRITE_RETRY_SECONDS")
    )
    api_host: str = Field("127.0.0.1", validation_alias=_env("PAPERGRAPH_API_HOST"))
    api_port: int = Field(8000, validation_alias=_env("PAPERGRAPH_API_PORT"))
    api_token: SecretStr | None = Field(None, validation_alias=_env("PAPERGRAPH_API_TOKEN"))
    cors_origins: Annotated[tuple[str, ...], NoDecode] = Field(
        (), validation_alias=_env("PAPERGRAPH_CORS_ORIGINS")
    )
    graphiql: bool = Field(True, validation_alias=_env("PAPERGRAPH_GRAPHIQL"))
    introspection: bool = Field(True, validation_alias=_env("PAPERGRAPH_INTROSPECTION"))
    field_suggestions: bool = Field(True, validation_alias=_env("PAPERGRAPH_FIELD_SUGGESTIONS"))
    batch_size: int = Field(256, validation_alias=_env("PAPERGRAPH_BATCH_SIZE"))
    fast_extraction: bool = Field(False, validation_alias=_env("PAPERGRAPH_FAST_EXTRACTION"))
    # One extraction process per core by default: each tags and scores whole batches.
    extract_workers: int = Field(
        default_factory=machine_cores, validation_alias=_env("PAPERGRAPH_EXTRACT_WORKERS")
    )
    # auto: CUDA when torch sees a GPU, else the CPU.
    device: Literal["auto", "cpu", "cuda"] = Field(
        "auto", validation_alias=_env("PAPERGRAPH_DEVICE")
    )

    @field_validator("neo4j_uri")
    @classmethod
    def _check_uri(cls, value: str) -> str:
        schemes = {"bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc"}
        parts = urlsplit(value)
        if parts.scheme not in schemes or not parts.hostname:
            raise ValueError(
                f"expected e.g. bolt://127.0.0.1:7687 or neo4j+s://host, got {value!r}"
            )
        return value

    @field_validator("neo4j_password")
    @classmethod
    def _check_password(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and len(value.get_secret_value()) < 8:
            raise ValueError("Neo4j requires at least 8 characters")
        return value

    @field_validator("neo4j_http_port", "api_port")
    @classmethod
    def _check_port(cls, value: int) -> int:
        if not 1 <= value <= 65535:
            raise ValueError(f"a port is 1..65535, got {value}")
        return value

    @field_validator("query_timeout", "write_retry_seconds", "head_timeout")
    @classmethod
    def _check_seconds(cls, value: float) -> float:
        if value <= 0:
            raise ValueError(f"a number of seconds above 0, got {value}")
        return value

    @field_validator("max_query_cost", "max_response_bytes", "max_body_bytes", "extract_workers")
    @classmethod
    def _check_limit(cls, value: int) -> int:
        if value < 1:
            raise ValueError(f"a limit of at least 1, got {value}")
        return value

    @field_validator("home")
    @classmethod
    def _expand_home(cls, value: Path) -> Path:
        return value.expanduser()

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _split_origins(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(",") if part.strip())
        return value

    @property
    def bolt_host(self) -> str:
        """Host part of ``NEO4J_URI``."""
        return urlsplit(self.neo4j_uri).hostname or "127.0.0.1"

    @property
    def bolt_port(self) -> int:
        """Port of ``NEO4J_URI`` (7687 when the URI names none)."""
        return urlsplit(self.neo4j_uri).port or 7687

    @property
    def neo4j_instance(self) -> Path:
        """The local server's folder for this Bolt port (``papergraph neo4j``)."""
        return self.home / "instances" / f"bolt-{self.bolt_port}"

    @property
    def generated_password_file(self) -> Path:
        """Where the local server's generated password is kept (owner-only)."""
        return self.neo4j_instance / "password"

    def neo4j_auth(self) -> tuple[str, str]:
        """User and password: ``NEO4J_PASSWORD`` when set; else the password the local server
        generated on its first start; else :data:`LEGACY_PASSWORD`, which local servers first
        started before papergraph generated passwords still have."""
        if self.neo4j_password is not None:
            return self.neo4j_user, self.neo4j_password.get_secret_value()
        stored = self.generated_password_file
        password = stored.read_text().strip() if stored.is_file() else LEGACY_PASSWORD
        return self.neo4j_user, password

    @property
    def browser_url(self) -> str:
        """Where the local Neo4j serves Neo4j Browser."""
        return f"http://127.0.0.1:{self.neo4j_http_port}/browser/"


_ENV_NAMES = {
    name: str(field.validation_alias.choices[0])  # type: ignore[union-attr]
    for name, field in Settings.model_fields.items()
}


def env_var(field: str) -> str:
    """The environment variable behind a setting, e.g. ``env_var("api_port")`` is
    ``"PAPERGRAPH_API_PORT"``; a ``KeyError`` names an unknown field."""
    return _ENV_NAMES[field]


def load_settings(**overrides: object) -> Settings:
    """Read settings from the environment; raise one :class:`ConfigError` naming every bad key.

    ``overrides`` use the environment names, e.g. ``load_settings(NEO4J_URI="bolt://host:7687")``.
    """
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        raise ConfigError(_describe(exc)) from exc


def _describe(exc: ValidationError) -> str:
    lines = []
    for error in exc.errors():
        field = str(error["loc"][0]) if error["loc"] else "?"
        env = _ENV_NAMES.get(field, field)
        lines.append(f"  {env}={error.get('input')!r}: {error['msg']}")
    return "Invalid settings (fix these environment variables or .env entries):\n" + "\n".join(
        lines
    )
