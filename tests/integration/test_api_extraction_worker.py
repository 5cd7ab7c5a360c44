"""The API extracts in a child process of its own, over real HTTP: ``papergraph serve`` stays
small while its child holds the models, and a draft analysis stuck past its time bound gets
``TIMEOUT`` while other clients are answered, its child killed and replaced."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import httpx
import psutil
import pytest
from _uvicorn import serving
from neo4j import AsyncDriver

from api import _extractor, create_app
from loaders.extraction import Document, Extraction
from loaders.extraction.simple import SimpleExtractor
from papergraph.settings import Settings, env_var

pytestmark = pytest.mark.neo4j

DRAFT = (
    "We propose SparGT, a sparse graph transformer that scales attention to large graphs by "
    "sampling neighbourhoods, and evaluate it on node classification benchmarks."
)
ANALYZE = "query($t: String!) { analyzeText(text: $t) { concepts { key } } }"
#: Well below the 1 GB the README promises; the API alone is a few hundred MB.
API_RSS_BOUND = 600 * 1024 * 1024
#: The models' share: what the child holds and the API must not.
MODELS_AT_LEAST = 250 * 1024 * 1024


class StallingExtractor(SimpleExtractor):
    """The small extractor, stuck on any text that says ``stall`` (a pathological input)."""

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        if any("stall" in d.text for d in docs):
            time.sleep(600)
        return super().extract(docs)


async def post(url: str, query: str, text: str = DRAFT) -> dict[str, object]:
    async with httpx.AsyncClient(timeout=120) as http:
        response = await http.post(url, json={"query": query, "variables": {"t": text}})
    body: dict[str, object] = response.json()
    return body


def code(body: dict[str, object]) -> str:
    errors = body.get("errors")
    assert isinstance(errors, list) and errors, body
    return str(errors[0]["extensions"]["code"])


def workers(api: psutil.Process) -> list[psutil.Process]:
    """The API's extraction child (the forkserver's child: a grandchild)."""
    return [p for p in api.children(recursive=True) if p.ppid() != api.pid]


@pytest.fixture
def served(neo4j_settings: Settings, tmp_path: Path) -> Iterator[tuple[str, psutil.Process]]:
    """``papergraph serve`` in a process of its own, on a free port: its URL and process."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "NEO4J_URI": neo4j_settings.neo4j_uri, env_var("api_port"): str(port)}
    with (tmp_path / "serve.log").open("w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "papergraph", "serve"], env=env, stdout=log, stderr=log
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        yield f"{url}/graphql", psutil.Process(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)


async def test_the_api_stays_small_while_its_child_holds_the_models(
    driver: AsyncDriver, served: tuple[str, psutil.Process]
) -> None:
    url, api = served
    body = await post(url, ANALYZE)
    deadline = time.monotonic() + 180
    while "loading" in str(body.get("errors")) and time.monotonic() < deadline:
        body = await post(url, ANALYZE)  # the child loads its models from the start
    assert "errors" not in body, body
    data = body["data"]
    assert isinstance(data, dict) and data["analyzeText"]["concepts"]
    children = workers(api)
    assert len(children) == 1
    assert api.memory_info().rss < API_RSS_BOUND
    assert children[0].memory_info().rss > MODELS_AT_LEAST


async def test_a_stuck_analysis_is_stopped_its_child_replaced_and_others_answered(
    driver: AsyncDriver, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(neo4j_settings, extractor_factory=StallingExtractor, isolate_extraction=True)
    this = psutil.Process()
    async with serving(app) as url:
        assert "errors" not in await post(url, ANALYZE)  # the child is up, imports done
        monkeypatch.setattr(_extractor, "ANALYSIS_SECONDS", 2.0)
        (first,) = workers(this)
        stuck = asyncio.create_task(post(url, ANALYZE, text=f"{DRAFT} stall"))
        await asyncio.sleep(0.5)
        started = time.perf_counter()
        stats = await post(url, "{ stats { papers } }")
        stats_took = time.perf_counter() - started
        refused = await stuck
        monkeypatch.setattr(_extractor, "ANALYSIS_SECONDS", 60.0)  # a fresh child imports anew
        after = await post(url, ANALYZE)
        replaced = workers(this)
    assert "errors" not in stats and stats_took < 1.0
    assert code(refused) == "TIMEOUT"
    assert "errors" not in after, after
    assert not first.is_running() or first.status() == psutil.STATUS_ZOMBIE
    assert replaced and first.pid not in {p.pid for p in replaced}
