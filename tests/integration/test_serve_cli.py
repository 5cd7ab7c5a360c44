"""`papergraph serve` and `papergraph up` as a user runs them: --host/--port, the home page over
HTTP, and the closing hint on how to run papergraph from the shell."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

import httpx
import pytest
from neo4j import AsyncDriver

from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j
VENV_BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def child_env(settings: Settings) -> dict[str, str]:
    """The user's environment, with the venv's bin folder not on PATH (as after ``make up``) and
    an API port in the environment that the --port option must override."""
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if Path(p) != VENV_BIN]
    return {
        **os.environ,
        "PATH": os.pathsep.join(path),
        "NEO4J_URI": settings.neo4j_uri,
        "NEO4J_PASSWORD": settings.neo4j_auth()[1],
        "PAPERGRAPH_HOME": str(settings.home),
        "PAPERGRAPH_NEO4J_HTTP_PORT": str(settings.neo4j_http_port),
        "PAPERGRAPH_API_PORT": "1",
    }


@contextmanager
def running(settings: Settings, *args: str, wait: float) -> Iterator[tuple[str, list[str]]]:
    """Run ``papergraph *args --host 127.0.0.1 --port <free>``; yield its base URL once /health
    answers, and (after it is stopped) the lines it printed."""
    port = free_port()
    command = [sys.executable, "-m", "papergraph", *args, "--host", "127.0.0.1"]
    child = subprocess.Popen(
        [*command, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=child_env(settings),
    )
    printed: list[str] = []
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for_health(child, base, wait)
        yield base, printed
    finally:
        child.terminate()
        output, _ = child.communicate(timeout=60)
        printed += output.splitlines()


def _wait_for_health(child: subprocess.Popen[str], base: str, wait: float) -> None:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise AssertionError(f"papergraph exited with {child.returncode}")
        try:
            if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.3)
    raise AssertionError(f"{base}/health did not answer within {wait} s")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hrefs += [value for name, value in attrs if tag == "a" and name == "href" and value]


def links_of(page: str) -> list[str]:
    parser = _Links()
    parser.feed(page)
    return parser.hrefs


def test_serve_port_option_and_home_page(neo4j_settings: Settings) -> None:
    with running(neo4j_settings, "serve", wait=60) as (base, printed):
        home = httpx.get(f"{base}/", timeout=10)
        assert home.status_code == 200 and home.headers["content-type"].startswith("text/html")
        hrefs = links_of(home.text)
        assert {"/graphql", "/health", "/schema.graphql", neo4j_settings.browser_url} <= set(hrefs)
        for href in (h for h in hrefs if h.startswith("/")):
            assert httpx.get(f"{base}{href}", timeout=10).status_code == 200, href
        assert "type Query" in httpx.get(f"{base}/schema.graphql", timeout=10).text
    assert any(line.endswith(f"{base}/") for line in printed)


@pytest.mark.model
def test_up_loads_serves_and_says_how_to_run_papergraph(
    driver: AsyncDriver, neo4j_settings: Settings, tmp_path: Path
) -> None:
    corpus = tmp_path / "two.jsonl"
    papers = [
        {"title": "Sparse Graph Transformers", "abstract": "We propose SparGT, a sparse graph "
         "transformer that scales attention to large graphs by sampling neighbourhoods."},
        {"title": "Dense Graph Transformers", "abstract": "We study dense attention for graph "
         "transformers and evaluate it on node classification benchmarks."},
    ]  # fmt: skip
    corpus.write_text("".join(json.dumps(p) + "\n" for p in papers))
    with running(neo4j_settings, "up", str(corpus), wait=400) as (base, printed):
        answer = httpx.post(f"{base}/graphql", json={"query": "{ stats { papers } }"}, timeout=10)
        assert answer.json()["data"]["stats"]["papers"] == 2
    hint = next(line for line in printed if "run papergraph from your shell" in line)
    assert str(VENV_BIN / "papergraph") in hint and "activate" in hint
