"""`python -m bench.load_test [--quick]`: a bounded load test of the GraphQL API.

The API (``papergraph serve`` in a child process on a loopback port: its server settings, and its
extraction in a process of its own with the real models) serves the first N ICLR 2025 papers
(loaded with ``SimpleExtractor(dimensions=384)``, as the API benchmark) from the bench Neo4j. 32 workers send the API benchmark's queries in rotation (paper, papers(concept:),
sharedConcepts, relatedPapers, neighborhood) for 60 s (``--quick``: 10 s) or until a fixed
number of requests is sent, whichever comes first, then stop. Reported: failed requests (HTTP
error, GraphQL error or exception: the target is zero), p50/p95/p99 per query and overall,
requests per second, and the API process's RSS after warm-up and at the end.

Then a hostile phase (10 s, ``--quick``: 5 s) adds, beside 8 ordinary clients, two clients
sending the 164-byte query of four nested ``related(first: 100)`` (10⁸ objects), three
streaming 500 MB request bodies, an ``analyzeText`` flood (two clients sending a text at the
length cap, one sending it under ten aliases) and an introspection flood (two clients sending
20 aliased ``__schema`` queries, one the whole introspection query): reported are how each was
answered, the ordinary clients' p95 and p99, the API process's peak RSS (its high-water mark,
target under 1 GB) and its extraction process's. Results go to
``bench/results/load_test.{json,md}``.

``--bolt-port`` runs against a private local Neo4j on that port instead of the bench one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil

from api import TEXT_LIMIT
from bench.api import (
    CASES,
    Samples,
    ensure_graph,
    free_port,
    percentile,
    pick_samples,
    serving,
)
from bench.common import (
    bench_neo4j,
    child_env,
    machine_info,
    markdown_table,
    write_results,
)
from papergraph.settings import Settings

CONCURRENCY = 32
HOSTILE_QUERY = (
    "{papers(first:100){edges{node{related(first:100){paper{related(first:100)"
    "{paper{related(first:100){paper{id}}}}}}}}}}"
)
HOSTILE_BODY_MB = 500
#: A draft at the length cap: the seed abstracts' words repeated.
LONG_DRAFT = (
    "We propose a sparse graph transformer that scales attention to large graphs by sampling "
    "neighbourhoods and evaluate it on node classification benchmarks with contrastive "
    "pretraining. " * 60
)[:TEXT_LIMIT]
ANALYZE = "query($t: String!) { analyzeText(text: $t) { concepts { key } related { score } } }"
ANALYZE_ALIASES = (
    "query($t: String!) { "
    + " ".join(f"a{i}: analyzeText(text: $t) {{ concepts {{ key }} }}" for i in range(10))
    + " }"
)
INTROSPECTION = "__schema { types { name fields { name args { name } type { name } } } }"
INTROSPECTION_ALIASES = "{ " + " ".join(f"s{i}: {INTROSPECTION}" for i in range(20)) + " }"
#: Requests of each hostile kind: (kind, JSON body or None for the streamed 500 MB body).
HOSTILE_KINDS: dict[str, dict[str, Any] | None] = {
    "costly query": {"query": HOSTILE_QUERY},
    "500 MB body": None,
    "analyzeText at the cap": {"query": ANALYZE, "variables": {"t": LONG_DRAFT}},
    "analyzeText × 10 aliases": {"query": ANALYZE_ALIASES, "variables": {"t": LONG_DRAFT}},
    "introspection × 20 aliases": {"query": INTROSPECTION_ALIASES},
    "introspection": {"query": f"{{ {INTROSPECTION} }}"},
}
#: How many clients send each kind at once.
HOSTILE_CLIENTS = {
    "costly query": 2,
    "500 MB body": 3,
    "analyzeText at the cap": 2,
    "analyzeText × 10 aliases": 1,
    "introspection × 20 aliases": 2,
    "introspection": 1,
}
PEAK_RSS_TARGET_MB = 1024
MAX_REQUESTS_PER_SECOND = 2000  # the request bound: seconds × this, far above what 2 cores serve


@dataclass
class Tally:
    """Latencies (ms) by query, and the failures with a sample of their reasons."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    failures: dict[str, int] = field(default_factory=dict)
    reasons: list[str] = field(default_factory=list)

    def ok(self, case: str, ms: float) -> None:
        self.latencies.setdefault(case, []).append(ms)

    def failed(self, case: str, reason: str) -> None:
        self.failures[case] = self.failures.get(case, 0) + 1
        if len(self.reasons) < 5:
            self.reasons.append(f"{case}: {reason[:300]}")


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    """Resident set size of ``pid`` in MB (Linux ``/proc``); ``VmHWM`` for its peak."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field} for pid {pid}")


def extraction_peak_mb(api: int) -> float | None:
    """The peak RSS of the API's extraction process (a descendant of ``api``), if it runs."""
    peaks = [rss_mb(p.pid, "VmHWM") for p in psutil.Process(api).children(recursive=True)]
    return round(max(peaks), 1) if peaks else None


@contextlib.contextmanager
def api_process(settings: Settings) -> Iterator[tuple[str, int]]:
    """``papergraph serve`` in a child process on loopback; yields (GraphQL URL, pid)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    args = [sys.executable, "-m", "papergraph", "serve"]
    env = {**child_env(settings), "PAPERGRAPH_API_PORT": str(port)}
    with serving(args, env=env, health=f"{base}/health") as process:
        yield f"{base}/graphql", process.pid


async def one(client: httpx.AsyncClient, url: str, i: int, samples: Samples, tally: Tally) -> None:
    case = CASES[i % len(CASES)]
    started = time.perf_counter()
    try:
        response = await client.post(
            url, json={"query": case.document, "variables": case.variables(samples, i)}
        )
        body = response.json()
    except (httpx.HTTPError, ValueError) as exc:
        tally.failed(case.name, repr(exc))
        return
    if response.status_code != 200 or body.get("errors"):
        tally.failed(case.name, f"HTTP {response.status_code} {body.get('errors')}")
        return
    tally.ok(case.name, (time.perf_counter() - started) * 1000)


async def hammer(
    url: str, samples: Samples, *, seconds: float, requests: int, concurrency: int = CONCURRENCY
) -> tuple[Tally, float]:
    """``concurrency`` workers until ``seconds`` pass or ``requests`` are sent."""
    tally, counter = Tally(), iter(range(requests))
    deadline = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)

    async with httpx.AsyncClient(timeout=30, limits=limits) as client:

        async def worker() -> None:
            while time.perf_counter() < deadline and (i := next(counter, None)) is not None:
                await one(client, url, i, samples, tally)

        started = time.perf_counter()
        await asyncio.wait_for(
            asyncio.gather(*(worker() for _ in range(concurrency))), timeout=seconds + 60
        )
        return tally, time.perf_counter() - started


async def _huge_body() -> AsyncIterator[bytes]:
    yield b'{"query": "{ stats { papers } }", "pad": "'
    chunk = b"x" * (1024 * 1024)
    for _ in range(HOSTILE_BODY_MB):
        yield chunk
    yield b'"}'


async def _hostile_one(client: httpx.AsyncClient, url: str, kind: str) -> str:
    """How the API answered one hostile request: an error code, or what went wrong."""
    body = HOSTILE_KINDS[kind]
    try:
        if body is not None:
            response = await client.post(url, json=body)
        else:
            headers = {"Content-Type": "application/json"}
            response = await client.post(url, content=_huge_body(), headers=headers)
    except httpx.HTTPError as exc:  # a body past the drained part is cut off: refused too
        return f"connection closed ({type(exc).__name__})"
    try:
        errors = response.json().get("errors") or [{}]
        code = errors[0].get("extensions", {}).get("code", "none")
    except ValueError:
        code = "not JSON"
    return f"HTTP {response.status_code} {code}"


async def hostile(
    url: str, samples: Samples, *, seconds: float
) -> tuple[dict[str, dict[str, int]], Tally]:
    """Hostile clients beside a few ordinary ones for ``seconds``; answers by kind."""
    answers: dict[str, dict[str, int]] = {}
    deadline = time.perf_counter() + seconds
    async with httpx.AsyncClient(timeout=120) as client:

        async def attacker(kind: str) -> None:
            while time.perf_counter() < deadline:
                answer = await _hostile_one(client, url, kind)
                counts = answers.setdefault(kind, {})
                counts[answer] = counts.get(answer, 0) + 1

        ordinary = hammer(url, samples, seconds=seconds, requests=100_000, concurrency=8)
        kinds = [kind for kind, clients in HOSTILE_CLIENTS.items() for _ in range(clients)]
        (tally, _), *_ = await asyncio.gather(ordinary, *(attacker(k) for k in kinds))
    return answers, tally


async def models_loaded(url: str, *, seconds: float = 300) -> None:
    """Wait until the API's extraction process has loaded its models (``papergraph serve``
    starts loading them with the app), so that the phases measure a server in its steady
    state."""
    deadline = time.perf_counter() + seconds
    draft = {"query": ANALYZE, "variables": {"t": LONG_DRAFT[:600]}}
    async with httpx.AsyncClient(timeout=120) as client:
        while time.perf_counter() < deadline:
            body = (await client.post(url, json=draft)).json()
            if "loading" not in str(body.get("errors")):
                return
            await asyncio.sleep(1)
    raise RuntimeError(f"The API's models were not loaded within {seconds:g} s.")


def stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "p50": round(percentile(values, 50), 1),
        "p95": round(percentile(values, 95), 1),
        "p99": round(percentile(values, 99), 1),
    }


def run(
    settings: Settings, *, papers: int, seconds: float, hostile_seconds: float
) -> dict[str, Any]:
    stored = asyncio.run(ensure_graph(settings, papers))
    samples = asyncio.run(pick_samples(settings))
    requests = int(seconds * MAX_REQUESTS_PER_SECOND)
    with api_process(settings) as (url, pid):
        asyncio.run(models_loaded(url))
        asyncio.run(hammer(url, samples, seconds=3, requests=500))  # warm-up, not counted
        rss_start = rss_mb(pid)
        tally, wall = asyncio.run(hammer(url, samples, seconds=seconds, requests=requests))
        rss_end = rss_mb(pid)
        answers, beside = asyncio.run(hostile(url, samples, seconds=hostile_seconds))
        peak = rss_mb(pid, "VmHWM")
        extraction_peak = extraction_peak_mb(pid)
    every = [ms for values in tally.latencies.values() for ms in values]
    ordinary = stats([ms for v in beside.latencies.values() for ms in v])
    return {
        "papers": stored,
        "concurrency": CONCURRENCY,
        "seconds": round(wall, 1),
        "request_bound": requests,
        "requests": len(every) + sum(tally.failures.values()),
        "failed": sum(tally.failures.values()),
        "failures_by_query": tally.failures,
        "failure_samples": tally.reasons,
        "rps": round(len(every) / wall, 1),
        "latency_ms": stats(every),
        "by_query": {name: stats(values) for name, values in tally.latencies.items()},
        "rss_mb": {"start": round(rss_start, 1), "end": round(rss_end, 1)},
        "hostile": {
            "seconds": hostile_seconds,
            "answers": answers,
            "ordinary_requests": sum(len(v) for v in beside.latencies.values()),
            "ordinary_failed": sum(beside.failures.values()),
            "ordinary_p95_ms": ordinary.get("p95"),
            "ordinary_p99_ms": ordinary.get("p99"),
            "peak_rss_mb": round(peak, 1),
            "extraction_peak_rss_mb": extraction_peak,
            "peak_rss_target_mb": PEAK_RSS_TARGET_MB,
        },
    }


def table(result: dict[str, Any]) -> str:
    rows = [
        [
            name,
            s["n"],
            s.get("p50"),
            s.get("p95"),
            s.get("p99"),
            result["failures_by_query"].get(name, 0),
        ]
        for name, s in result["by_query"].items()
    ]
    total = result["latency_ms"]
    rows.append(
        [
            "**all**",
            total["n"],
            total.get("p50"),
            total.get("p95"),
            total.get("p99"),
            result["failed"],
        ]
    )
    head = (
        f"API load test: concurrency {result['concurrency']}, {result['seconds']} s, "
        f"{result['papers']} papers, {result['rps']} req/s, API RSS "
        f"{result['rss_mb']['start']} → {result['rss_mb']['end']} MB\n\n"
    )
    return (
        head
        + markdown_table(["query", "requests", "p50 ms", "p95 ms", "p99 ms", "failed"], rows)
        + "\n\n"
        + hostile_table(result["hostile"])
    )


def hostile_table(hostile: dict[str, Any]) -> str:
    """The hostile phase: answers by kind, the ordinary clients beside them, the peak RSS."""
    rows = [
        [kind, answer, count]
        for kind, counts in hostile["answers"].items()
        for answer, count in counts.items()
    ]
    verdict = "met" if hostile["peak_rss_mb"] < hostile["peak_rss_target_mb"] else "MISSED"
    head = (
        f"Hostile phase, {hostile['seconds']} s: API peak RSS {hostile['peak_rss_mb']} MB "
        f"(target < {hostile['peak_rss_target_mb']} MB: {verdict}; its extraction process, "
        f"which holds the models: {hostile['extraction_peak_rss_mb']} MB); 8 ordinary clients "
        f"beside it sent {hostile['ordinary_requests']} requests, {hostile['ordinary_failed']} "
        f"failed, p95 {hostile['ordinary_p95_ms']} ms, p99 {hostile['ordinary_p99_ms']} ms.\n\n"
    )
    return head + markdown_table(["hostile request", "answer", "count"], rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.load_test",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="10 s instead of 60 s")
    parser.add_argument("--papers", type=int, default=2000)
    parser.add_argument("--bolt-port", type=int, default=None, help="private local Neo4j")
    args = parser.parse_args(argv)
    seconds, hostile_seconds = (10.0, 5.0) if args.quick else (60.0, 10.0)
    server = bench_neo4j(args.bolt_port) if args.bolt_port else bench_neo4j()
    with server as settings:
        result = run(settings, papers=args.papers, seconds=seconds, hostile_seconds=hostile_seconds)
    result["machine"] = machine_info()
    result["quick"] = args.quick
    markdown = table(result)
    write_results("load_test", result, markdown)
    print(markdown)
    too_big = result["hostile"]["peak_rss_mb"] >= PEAK_RSS_TARGET_MB
    return 1 if result["failed"] or result["hostile"]["ordinary_failed"] or too_big else 0


if __name__ == "__main__":
    sys.exit(main())
