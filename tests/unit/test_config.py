"""Settings come from the environment once, and every bad key is named at once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from papergraph.errors import ConfigError
from papergraph.settings import LEGACY_PASSWORD, load_settings


def test_defaults_point_at_the_local_loopback_server(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NEO4J_URI", "PAPERGRAPH_API_HOST", "PAPERGRAPH_NEO4J_HTTP_PORT"):
        monkeypatch.delenv(name, raising=False)
    settings = load_settings()
    assert settings.neo4j_uri == "bolt://127.0.0.1:7687"
    assert settings.api_host == "127.0.0.1"
    assert settings.browser_url == "http://127.0.0.1:7474/browser/"


def test_every_invalid_key_is_reported_in_one_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "http://example")
    monkeypatch.setenv("NEO4J_PASSWORD", "short")
    monkeypatch.setenv("PAPERGRAPH_API_PORT", "eighty")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    for name in ("NEO4J_URI", "NEO4J_PASSWORD", "PAPERGRAPH_API_PORT"):
        assert name in message


def test_secrets_are_masked_in_repr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_PASSWORD", "hunter2-but-longer")
    monkeypatch.setenv("PAPERGRAPH_API_TOKEN", "token-value-123")
    text = repr(load_settings())
    assert "hunter2-but-longer" not in text and "token-value-123" not in text


def test_bolt_port_and_host_come_from_the_uri(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = load_settings(NEO4J_URI="neo4j+s://abc.databases.example:7688")
    assert (settings.bolt_host, settings.bolt_port) == ("abc.databases.example", 7688)


def test_cors_origins_are_split_on_commas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERGRAPH_CORS_ORIGINS", "http://a.test, http://b.test")
    assert load_settings().cors_origins == ("http://a.test", "http://b.test")


def test_the_password_is_the_set_one_else_the_servers_generated_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("NEO4J_PASSWORD", raising=False)
    settings = load_settings(PAPERGRAPH_HOME=str(tmp_path), NEO4J_URI="bolt://127.0.0.1:7999")
    assert settings.neo4j_auth() == ("neo4j", LEGACY_PASSWORD)  # a server from before
    stored = settings.generated_password_file
    assert stored == tmp_path / "instances" / "bolt-7999" / "password"  # one per server
    stored.parent.mkdir(parents=True)
    stored.write_text("generated-for-this-server\n")
    assert settings.neo4j_auth() == ("neo4j", "generated-for-this-server")
    chosen = load_settings(PAPERGRAPH_HOME=str(tmp_path), NEO4J_PASSWORD="chosen-by-the-user")
    assert chosen.neo4j_auth() == ("neo4j", "chosen-by-the-user")


def test_extraction_workers_default_to_the_cores_this_process_may_use(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PAPERGRAPH_EXTRACT_WORKERS", raising=False)
    assert load_settings().extract_workers == len(os.sched_getaffinity(0))
    monkeypatch.setenv("PAPERGRAPH_EXTRACT_WORKERS", "3")
    assert load_settings().extract_workers == 3


@pytest.mark.parametrize(
    ("key", "value"), [("PAPERGRAPH_EXTRACT_WORKERS", "0"), ("PAPERGRAPH_DEVICE", "gpu")]
)
def test_a_bad_workers_or_device_value_is_a_settings_error_naming_the_key(
    monkeypatch: pytest.MonkeyPatch, key: str, value: str
) -> None:
    monkeypatch.setenv(key, value)
    with pytest.raises(ConfigError, match=f"{key}='{value}'"):
        load_settings()


def test_the_device_defaults_to_auto_and_takes_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAPERGRAPH_DEVICE", raising=False)
    assert load_settings().device == "auto"
    monkeypatch.setenv("PAPERGRAPH_DEVICE", "cpu")
    assert load_settings().device == "cpu"
