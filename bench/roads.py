"""Roads benchmark: one API server per road of a GraphQL request, and the peer, in one run.

Each road is ``api.create_app`` under uvicorn in its own child process with a different set of
the API's speed shortcuts (``PAPERGRAPH_BENCH_SHORTCUTS``: comma-separated names, empty for
plain Strawberry with its own extensions); the peer is ``@neo4j/graphql`` (bench/peer_graphql.py).
Every side gets the peer benchmark's queries with the same parameters, timed by
``bench.api.timed_runs``: the sides take turns slice by slice in each repetition (which side
starts alternates by repetition), so the shared machine's slow moments fall on all of them.

``python -m bench.roads [--reps N] [--papers N] [--road NAME=SHORTCUTS ...]`` writes
bench/results/roads.json and prints its table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from bench.api import client, ensure_graph, free_port, loads, pick_samples, serving, timed_runs
from bench.common import RESULTS, bench_neo4j, child_env, machine_info, markdown_table
from bench.peer_graphql import CASES, compare_answers, peer_server, side_call
from graph.config import Settings

PEER = "neo4j-graphql"
TARGET_P99_MS_C1 = 50.0


@contextlib.contextmanager
def road_server(settings: Settings, shortcuts: str | None) -> Iterator[str]:
    """The API with ``shortcuts`` (``None``: the app's defaults) under uvicorn; its URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = child_env(settings)
    if shortcuts is not None:
        env["PAPERGRAPH_BENCH_SHORTCUTS"] = shortcuts
    with serving(
        [sys.executable, "-m", "bench.api", "serve", str(port)], env=env, health=f"{base}/health"
    ):
        yield f"{base}/graphql"


async def _measure(
    urls: dict[str, str], theirs: str, *, reps: int, quick: bool, settings: Settings
) -> dict[str, Any]:
    samples = await pick_samples(settings)
    load, warmup = loads(quick)
    async with client() as http:
        answers = {
            road: await compare_answers(http, url, theirs, samples) for road, url in urls.items()
        }
        sides: dict[str, Any] = {
            road: (lambda u: lambda c: side_call(http, u, c, samples, ours=True))(url)
            for road, url in urls.items()
        }
        sides[PEER] = lambda c: side_call(http, theirs, c, samples, ours=False)
        measured = await timed_runs(sides, CASES, reps=reps, load=load, warmup=warmup)
    return {"answers": answers, "measured": measured}


def run(
    settings: Settings, roads: dict[str, str | None], *, papers: int, reps: int, quick: bool
) -> dict[str, Any]:
    stored = asyncio.run(ensure_graph(settings, papers))
    with contextlib.ExitStack() as stack:
        urls = {road: stack.enter_context(road_server(settings, s)) for road, s in roads.items()}
        theirs = stack.enter_context(peer_server(settings))
        result = asyncio.run(_measure(urls, theirs, reps=reps, quick=quick, settings=settings))
    return {
        "papers": stored,
        "reps": reps,
        "requests_per_run": loads(quick)[0].requests,
        "roads": roads,
        "queries": [c.name for c in CASES],
        **result,
    }


def table(result: dict[str, Any]) -> str:
    """p50 ms of each side per query and concurrency, each road's ratio to the peer, p99 at c=1."""
    m, roads = result["measured"], list(result["roads"])
    rows: list[list[object]] = []
    for name in result["queries"]:
        for conc in (1, 8):
            peer = m[f"{name}|c{conc}|{PEER}"]["p50"]["median"]
            cells: list[object] = [f"{name} c={conc}", f"{peer:.2f}"]
            for road in roads:
                ours = m[f"{name}|c{conc}|{road}"]
                cell = f"{ours['p50']['median']:.2f} ({ours['p50']['median'] / peer:.2f}×)"
                if conc == 1:
                    cell += f", p99 {ours['p99']['median']:.1f}"
                cells.append(cell)
            rows.append(cells)
    return markdown_table(["query", f"{PEER} p50", *roads], rows)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.roads", description=__doc__)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--papers", type=int, default=2000)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", default="roads.json", help="file name under bench/results/")
    parser.add_argument(
        "--road",
        action="append",
        default=[],
        help="NAME=SHORTCUTS (comma-separated, empty for none); default: the app as it ships",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    roads: dict[str, str | None] = {"default": None}
    if args.road:
        roads = dict(r.split("=", 1) for r in args.road)
    started = time.strftime("%Y-%m-%dT%H:%M:%S")
    with bench_neo4j() as settings:
        result = run(settings, roads, papers=args.papers, reps=args.reps, quick=args.quick)
    result = {"machine": machine_info(), "started": started, **result}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / args.out).write_text(json.dumps(result, indent=2) + "\n")
    print(table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
