"""`papergraph neo4j …` as a user runs it: real processes, real ports, one-line errors."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from neo4j import GraphDatabase
from neo4j.exceptions import AuthError

from papergraph.cli import local_neo4j
from papergraph.settings import Settings, load_settings

PAPERGRAPH = [sys.executable, "-m", "papergraph"]


def run_cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*PAPERGRAPH, *args], capture_output=True, text=True, env=env, timeout=180, check=False
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def own_server_env(neo4j_settings: Settings) -> Iterator[dict[str, str]]:
    """Environment for a second local server on fresh ports (same jar cache, own store)."""
    env = {
        **os.environ,
        "NEO4J_URI": f"bolt://127.0.0.1:{free_port()}",
        "PAPERGRAPH_NEO4J_HTTP_PORT": str(free_port()),
        "PAPERGRAPH_NEO4J_HEAP": "512m",
        "PAPERGRAPH_NEO4J_PAGECACHE": "64m",
        "PAPERGRAPH_HOME": str(neo4j_settings.home),
    }
    env.pop("NEO4J_PASSWORD", None)  # as on a fresh machine: the server makes its own
    yield env
    run_cli("neo4j", "stop", env=env)
    settings = load_settings(NEO4J_URI=env["NEO4J_URI"])
    subprocess.run(["rm", "-rf", str(local_neo4j.layout(settings).instance)], check=False)


def logging_java(folder: Path) -> Path:
    """A JAVA_HOME whose java logs each command line (as ``ps`` shows it) to ``folder``/argv."""
    java_home = os.environ.get("JAVA_HOME")
    real = Path(java_home) / "bin" / "java" if java_home else shutil.which("java")
    (folder / "bin").mkdir(parents=True)
    script = folder / "bin" / "java"
    script.write_text(f'#!/bin/sh\necho "$*" >> {folder}/argv\nexec {real} "$@"\n')
    script.chmod(0o755)
    return folder


@pytest.mark.neo4j
def test_start_status_stop_lifecycle(own_server_env: dict[str, str], tmp_path: Path) -> None:
    java_home = logging_java(tmp_path / "java")
    started = run_cli("neo4j", "start", env={**own_server_env, "JAVA_HOME": str(java_home)})
    assert started.returncode == 0, started.stderr
    settings = load_settings(
        NEO4J_URI=own_server_env["NEO4J_URI"],
        PAPERGRAPH_NEO4J_HTTP_PORT=own_server_env["PAPERGRAPH_NEO4J_HTTP_PORT"],
    )
    first = local_neo4j.status(settings)
    assert first.running and first.version == local_neo4j.NEO4J_VERSION
    # No public default: a random password, shown once, kept owner-only, read by papergraph.
    stored = settings.generated_password_file
    password = stored.read_text().strip()
    assert len(password) >= 16 and password in started.stdout
    assert stored.stat().st_mode & 0o077 == 0
    # never on a command line another local user can read, and its hash owner-only too
    command_lines = (java_home / "argv").read_text()
    assert "set-initial-password" not in command_lines and password not in command_lines
    dbms = local_neo4j.layout(settings).data / "dbms"
    assert all(p.stat().st_mode & 0o077 == 0 for p in (dbms, dbms / "auth.ini"))
    assert settings.neo4j_auth() == ("neo4j", password)
    with (
        pytest.raises(AuthError),
        GraphDatabase.driver(settings.neo4j_uri, auth=("neo4j", "papergraph-dev")) as driver,
    ):
        driver.verify_connectivity()

    again = run_cli("neo4j", "start", env=own_server_env)
    assert again.returncode == 0 and local_neo4j.status(settings).pid == first.pid
    assert password not in again.stdout

    browser = httpx.get(settings.browser_url, timeout=10)
    assert browser.status_code == 200 and "<html" in browser.text.lower()
    assert_foreign_pages_are_refused(settings)
    assert_transaction_logs_are_capped(settings)

    with (
        pytest.raises(AuthError),
        GraphDatabase.driver(settings.neo4j_uri, auth=("neo4j", "neo4j")) as driver,
    ):
        driver.verify_connectivity()

    stopped = run_cli("neo4j", "stop", env=own_server_env)
    assert stopped.returncode == 0 and not local_neo4j.status(settings).running
    assert run_cli("neo4j", "status", env=own_server_env).returncode == 3


def assert_transaction_logs_are_capped(settings: Settings) -> None:
    """A large load must not leave days of transaction logs beside the store."""
    with GraphDatabase.driver(settings.neo4j_uri, auth=settings.neo4j_auth()) as driver:
        records, _, _ = driver.execute_query(
            "SHOW SETTINGS YIELD name, value "
            "WHERE name = 'db.tx_log.rotation.retention_policy' RETURN value"
        )
    assert [record["value"] for record in records] == ["1G size"]


def assert_foreign_pages_are_refused(settings: Settings) -> None:
    """A browser on another origin may neither read Neo4j's answers nor send it credentials."""
    base = f"http://127.0.0.1:{settings.neo4j_http_port}"
    foreign = {"Origin": "http://evil.example"}
    preflight = httpx.options(
        f"{base}/db/neo4j/tx/commit",
        headers={
            **foreign,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization,content-type",
        },
        timeout=10,
    )
    read = httpx.get(f"{base}/", headers=foreign, timeout=10)
    for answer in (preflight, read):
        assert answer.headers.get("access-control-allow-origin") in {None, base}


def test_taken_port_gives_one_actionable_line(neo4j_settings: Settings) -> None:
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        port = squatter.getsockname()[1]
        env = {
            **os.environ,
            "NEO4J_URI": f"bolt://127.0.0.1:{port}",
            "PAPERGRAPH_HOME": str(neo4j_settings.home),
        }
        result = run_cli("neo4j", "start", env=env)
    assert result.returncode == 1
    assert f"Port {port}" in result.stderr and "taken" in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_java_gives_one_actionable_line(tmp_path: Path, neo4j_settings: Settings) -> None:
    env = {
        **os.environ,
        "PATH": str(Path(sys.executable).parent),
        "JAVA_HOME": "",
        "NEO4J_URI": f"bolt://127.0.0.1:{free_port()}",
        "PAPERGRAPH_HOME": str(tmp_path),
    }
    result = run_cli("neo4j", "start", env=env)
    assert result.returncode == 1
    assert "'java' was not found" in result.stderr and "openjdk" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.neo4j
def test_wrong_password_gives_one_actionable_line(neo4j_settings: Settings) -> None:
    env = {
        **os.environ,
        "NEO4J_URI": neo4j_settings.neo4j_uri,
        "NEO4J_PASSWORD": "definitely-not-it",
        "PAPERGRAPH_HOME": str(neo4j_settings.home),
    }
    result = run_cli("init-db", env=env)
    assert result.returncode == 1
    assert "refused user 'neo4j'" in result.stderr and "NEO4J_PASSWORD" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.neo4j
def test_unreachable_server_names_the_fix(neo4j_settings: Settings) -> None:
    env = {**os.environ, "NEO4J_URI": f"bolt://127.0.0.1:{free_port()}"}
    result = run_cli("init-db", env=env)
    assert result.returncode == 1
    assert "not reachable" in result.stderr and "papergraph neo4j start" in result.stderr


def test_second_provision_downloads_nothing(neo4j_settings: Settings) -> None:
    """With the jars cached, provisioning needs no Maven (and so no network) at all."""
    env = {
        **os.environ,
        "PATH": str(Path(sys.executable).parent),
        "PAPERGRAPH_HOME": str(neo4j_settings.home),
    }
    result = run_cli("neo4j", "provision", env=env)
    assert result.returncode == 0, result.stderr
    assert (local_neo4j.layout(neo4j_settings).lib / "neo4j-server-5.26.30.jar").exists()
