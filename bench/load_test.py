"""`python -m bench.load_test [--quick]`: a bounded load test of the GraphQL API.

The API (``api.create_app`` under uvicorn, in a child process on a loopback port) serves the
first N ICLR 2025 papers (``SimpleExtractor(dimensions=256)``, as the API benchmark) from the
bench Neo4j. 32 workers send the API benchmark's queries in rotation (paper, papers(concept:),
sharedConcepts, relatedPapers, neighborhood) for 60 s (``--quick``: 10 s) or until a fixed
number of requests is sent, whichever comes first, then stop. Reported: failed requests (HTTP
error, GraphQL error or exception: the target is zero), p50/p95/p99 per query and overall,
requests per second, and the API process's RSS after warm-up and at the end. Results go to
``bench/results/load_test.{json,md}``.

``--bolt-port`` runs against a private local Neo4j on that port instead of the bench one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

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
from graph.config import Settings

CONCURRENCY = 32
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


def rss_mb(pid: int) -> float:
    """Resident set size of ``pid`` in MB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


@contextlib.contextmanager
def api_process(settings: Settings) -> Iterator[tuple[str, int]]:
    """The API under uvicorn in a child process on loopback; yields (GraphQL URL, pid)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    args = [sys.executable, "-m", "bench.api", "serve", str(port)]
    with serving(args, env=child_env(settings), health=f"{base}/health") as process:
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
    url: str, samples: Samples, *, seconds: float, requests: int
) -> tuple[Tally, float]:
    """``CONCURRENCY`` workers until ``seconds`` pass or ``requests`` are sent."""
    tally, counter = Tally(), iter(range(requests))
    deadline = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=CONCURRENCY, max_keepalive_connections=CONCURRENCY)

    async with httpx.AsyncClient(timeout=30, limits=limits) as client:

        async def worker() -> None:
            while time.perf_counter() < deadline and (i := next(counter, None)) is not None:
                await one(client, url, i, samples, tally)

        started = time.perf_counter()
        await asyncio.wait_for(
            asyncio.gather(*(worker() for _ in range(CONCURRENCY))), timeout=seconds + 60
        )
        return tally, time.perf_counter() - started


def stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "p50": round(percentile(values, 50), 1),
        "p95": round(percentile(values, 95), 1),
        "p99": round(percentile(values, 99), 1),
    }


def run(settings: Settings, *, papers: int, seconds: float) -> dict[str, Any]:
    stored = asyncio.run(ensure_graph(settings, papers))
    samples = asyncio.run(pick_samples(settings))
    requests = int(seconds * MAX_REQUESTS_PER_SECOND)
    with api_process(settings) as (url, pid):
        asyncio.run(hammer(url, samples, seconds=3, requests=500))  # warm-up, not counted
        rss_start = rss_mb(pid)
        tally, wall = asyncio.run(hammer(url, samples, seconds=seconds, requests=requests))
        rss_end = rss_mb(pid)
    every = [ms for values in tally.latencies.values() for ms in values]
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
    return head + markdown_table(
        ["query", "requests", "p50 ms", "p95 ms", "p99 ms", "failed"], rows
    )


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
    seconds = 10.0 if args.quick else 60.0
    server = bench_neo4j(args.bolt_port) if args.bolt_port else bench_neo4j()
    with server as settings:
        result = run(settings, papers=args.papers, seconds=seconds)
    result["machine"] = machine_info()
    result["quick"] = args.quick
    markdown = table(result)
    write_results("load_test", result, markdown)
    print(markdown)
    return 1 if result["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
