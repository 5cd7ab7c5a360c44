"""API benchmark: the GraphQL API served by uvicorn vs the same Cypher through the Python driver.

The graph: the first N papers of the ICLR 2025 corpus, extracted with the deterministic
``SimpleExtractor`` (the benchmark is about serving queries, not extraction); loading is skipped
when the bench graph already holds exactly those papers. The API: ``api.create_app`` under
uvicorn in a child process on a loopback port (access log off), queried with aiohttp. The
baseline: for each GraphQL query, the very statements the API sends for it (``cypher/*.cypher``,
checked against the API's ``extensions.cypherStatements``), run one after another through the
async driver's ``execute_query`` with the same parameters. Both sides walk the same parameter
sequence, at concurrency 1 and 8, in the same repetition, after a warm-up that is not counted,
taking turns in slices of each timed run (``timed_runs`` says why). ``similarPapers`` is left
out: its later statements read the paper ids its first two found, which a fixed plan cannot hold.

The client is aiohttp's, not httpx's (used until 2026-11-30): the client's own CPU is charged to
the API side, yet no server can do anything about it. Against a trivial uvicorn endpoint on this
2-core machine, httpx's AsyncClient took p50 0.92 ms at concurrency 1 and 6.0 ms at 8, aiohttp
0.24 and 1.3 ms: httpx spent ~0.7 ms of CPU per request in the bench process, competing at
concurrency 8 with the server and Neo4j for the same two cores. aiohttp is a well-kept asyncio
client with a C HTTP parser, closer to what a browser or a service in another process costs the
machine; the API side still pays for HTTP, loopback, uvicorn and JSON both ways. The peers
benchmark uses the same client for both servers.

``python -m bench.api serve PORT`` is the child's entry point.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import math
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, Protocol

import aiohttp
import httpx
from neo4j import AsyncDriver

from bench.common import REPO, child_env, summary
from bench.corpora import ICLR2025
from graph.connection import async_driver
from graph.cypher import query
from graph.models import PaperOrder
from graph.queries import GraphReader, find_methods, find_papers, graph_stats, paper_concepts
from graph.queries.papers import related_params
from graph.queries.traversals import NEIGHBORHOOD_PAPERS
from papergraph.settings import Settings

Call = Callable[[int], Awaitable[None]]
Plan = tuple[tuple[str, dict[str, Any]], ...]  # (statement name, parameters), in order
CONCURRENCY = (1, 8)
SLICES = 6  # a timed run in slices, the sides taking turns (see timed_runs)
TARGET_RATIO = 1.5
TARGET_P99_MS = 100.0


# --- pure helpers --------------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by linear interpolation between closest ranks."""
    if not values:
        raise ValueError("percentile of no values")
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low, high = math.floor(rank), math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


#: The filters of a papers statement when the query gives none but its concept.
UNFILTERED = {
    "search": None,
    "method": None,
    "year": None,
    "venue": None,
    "author": None,
    "orderBy": "RELEVANCE",
}


@dataclass(frozen=True)
class Timing:
    """One timed run: the latency of every request (ms) and the run's wall time (s)."""

    latencies_ms: tuple[float, ...]
    seconds: float

    @classmethod
    def joined(cls, parts: Sequence[Timing]) -> Timing:
        """The slices of one timed run as one run (their latencies, their summed time)."""
        return cls(tuple(x for t in parts for x in t.latencies_ms), sum(t.seconds for t in parts))

    def stats(self) -> dict[str, float]:
        lat = self.latencies_ms
        return {
            "p50": percentile(lat, 50),
            "p95": percentile(lat, 95),
            "p99": percentile(lat, 99),
            "rps": len(lat) / self.seconds,
            "n": len(lat),
        }


def summarise(runs: Sequence[dict[str, float]]) -> dict[str, dict[str, float]]:
    """Median and spread, across repetitions, of each statistic of :meth:`Timing.stats`."""
    return {key: summary([run[key] for run in runs]) for key in ("p50", "p95", "p99", "rps")}


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


# --- bounded load --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Load:
    """How much to send in one timed run: at most ``requests``, for at most ``seconds``."""

    requests: int
    seconds: float


async def drive(call: Call, *, concurrency: int, load: Load, start: int = 0) -> Timing:
    """Call ``call(i)`` for i = start, start + 1, … from ``concurrency`` workers until either
    bound is hit."""
    counter = itertools.count(start)
    latencies: list[float] = []
    deadline = time.perf_counter() + load.seconds

    async def worker() -> None:
        while time.perf_counter() < deadline and (i := next(counter)) < start + load.requests:
            started = time.perf_counter()
            await call(i)
            latencies.append((time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    # A hung request must not hang the benchmark: give up well after the time bound.
    await asyncio.wait_for(
        asyncio.gather(*(worker() for _ in range(concurrency))), timeout=load.seconds + 60
    )
    return Timing(tuple(latencies), time.perf_counter() - started)


# --- servers in child processes ------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serving(
    args: Sequence[str],
    *,
    env: Mapping[str, str],
    health: str,
    cwd: Path = REPO,
    timeout: float = 90,
) -> Iterator[subprocess.Popen[str]]:
    """Run a server process until the block ends (terminate, then kill), once ``health`` is 200."""
    with tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen(
            list(args), cwd=cwd, env=dict(env), stdout=log, stderr=subprocess.STDOUT, text=True
        )
        try:
            _await_health(process, health, timeout, log)
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def _await_health(process: subprocess.Popen[str], url: str, timeout: float, log: Any) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=2).status_code == 200:
                return
        time.sleep(0.25)
    log.seek(0)
    raise RuntimeError(
        f"The server {url} did not become healthy within {timeout:.0f} s "
        f"(exit code {process.poll()}); its output:\n{log.read()[-3000:]}"
    )


@contextlib.contextmanager
def api_server(settings: Settings) -> Iterator[str]:
    """The real app under uvicorn in a child process; yields its ``/graphql`` URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serving(
        [sys.executable, "-m", "bench.api", "serve", str(port)],
        env=child_env(settings),
        health=f"{base}/health",
    ):
        yield f"{base}/graphql"


def serve(port: int) -> None:
    """Child entry point: uvicorn serving ``create_app`` with settings from the environment."""
    import uvicorn

    from api.app import create_app
    from papergraph.settings import load_settings

    uvicorn.run(
        create_app(load_settings()),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
    )


# --- the graph and the samples -------------------------------------------------------------------


async def ensure_graph(settings: Settings, papers: int) -> int:
    """Load the first ``papers`` ICLR 2025 papers unless the graph holds exactly them already."""
    from graph.hierarchy import refresh_hierarchy
    from graph.schema import ensure_schema
    from graph.topics import refresh_topics
    from graph.writes import clear_graph
    from loaders.extraction.simple import SimpleExtractor
    from loaders.pipeline import extract_and_write, read_corpora
    from papergraph.usecases.ingest import settle_graph

    records = read_corpora([ICLR2025], limit=papers).records
    extractor = SimpleExtractor(dimensions=384)
    database = settings.neo4j_database
    async with async_driver(settings) as driver:
        reader = GraphReader(driver=driver, settings=settings)
        if (await graph_stats(reader)).papers != len(records):
            await clear_graph(driver, database=database)
        await ensure_schema(driver, database=database, dimensions=extractor.dimensions)
        # Unchanged papers (same content, same extractor) are skipped by the loader itself.
        await extract_and_write(records, driver=driver, database=database, extractor=extractor)
        await settle_graph(driver, database=database)
        await refresh_hierarchy(driver, database=database)  # as every ingest ends
        await refresh_topics(driver, database=database)
        return (await graph_stats(reader)).papers


@dataclass(frozen=True)
class Samples:
    """Parameters the queries rotate through: papers, concepts with ≥ 2 papers (most papers
    first), pairs of papers sharing a concept, query texts (the papers' titles) with the
    embeddings the API's extractor gives them, and the methods most papers propose or use."""

    papers: tuple[str, ...]
    concepts: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    texts: tuple[tuple[str, tuple[float, ...]], ...]
    methods: tuple[str, ...]

    def embedding(self, text: str) -> list[float]:
        """The embedding of one of the sample ``texts``."""
        return list(dict(self.texts)[text])

    def far_pair(self, i: int) -> tuple[str, str]:
        """Two sample papers half the sample apart: unlike ``pairs``, they need not share a
        concept, so a path between them is often longer than two hops."""
        return _nth(self.papers, i), _nth(self.papers, i + len(self.papers) // 2)


async def pick_samples(settings: Settings, *, size: int = 50) -> Samples:
    """Deterministic samples, chosen through the query layer (no Cypher of our own)."""
    async with async_driver(settings) as driver:
        reader = GraphReader(driver=driver, settings=settings)
        page = await find_papers(reader, order=PaperOrder.TITLE, first=100)
        ids = [p.id for p in page.items]
        mentions = await paper_concepts(reader, ids=ids, first=10)
        methods = await find_methods(reader, first=size)
    by_concept: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for paper_id in ids:
        for m in mentions.get(paper_id, ()):
            if m.concept.paper_count >= 2:
                by_concept.setdefault(m.concept.key, []).append(paper_id)
                counts[m.concept.key] = m.concept.paper_count
    pairs = sorted({pair for group in by_concept.values() for pair in combinations(group, 2)})
    popular = sorted(counts, key=lambda key: (-counts[key], key))  # pages worth paging through
    titles = [p.title for p in page.items if p.title][:size]
    return Samples(
        papers=tuple(i for i in ids if mentions.get(i))[:size],
        concepts=tuple(popular[:size]),
        pairs=tuple(pairs[:size]),
        texts=tuple(zip(titles, await asyncio.to_thread(_embed, settings, titles), strict=True)),
        methods=tuple(m.key for m in methods.items),
    )


def _embed(settings: Settings, texts: list[str]) -> list[tuple[float, ...]]:
    """``texts`` embedded as the API embeds a ``similarPapers`` text: with the production
    extractor of ``settings`` (MiniLM's 384 floats in every mode, as the ``SimpleExtractor``'s
    the bench graphs are loaded with)."""
    from papergraph.usecases.ingest import build_extractor

    return build_extractor(settings).embed(texts)


# --- the queries ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One API query, its variables for request i and the Cypher plan the API runs for those
    variables (given the samples, which hold what the API computes before its Cypher)."""

    name: str
    document: str
    variables: Callable[[Samples, int], dict[str, Any]]
    plan: Callable[[dict[str, Any], Samples], Plan]


def _nth(values: Sequence[Any], i: int) -> Any:
    return values[i % len(values)]


CASES = (
    Case(
        "paper",
        "query($id: ID!) { paper(id: $id) { id title year venue "
        "concepts(first: 10) { score concept { key name paperCount } } } }",
        lambda s, i: {"id": _nth(s.papers, i)},
        lambda v, _: (("paper_with_concepts", {"ids": [v["id"]], "first": 10}),),
    ),
    Case(
        "papers(concept:)",
        "query($c: String!) { papers(concept: $c, first: 10) { totalCount "
        "edges { cursor node { id title year } } pageInfo { hasNextPage endCursor } } }",
        lambda s, i: {"c": _nth(s.concepts, i)},
        lambda v, _: (
            (
                "find_papers_by_concept",
                {**UNFILTERED, "concept": v["c"], "skip": 0, "first": 10},
            ),
        ),
    ),
    Case(
        "papers(method:)",
        "query($m: String!) { papers(method: $m, first: 10) { totalCount "
        "edges { cursor node { id title year } } pageInfo { hasNextPage endCursor } } }",
        lambda s, i: {"m": _nth(s.methods, i)},
        lambda v, _: (
            (
                "find_papers_by_method",
                {**UNFILTERED, "concept": None, "method": v["m"], "skip": 0, "first": 10},
            ),
        ),
    ),
    Case(
        "sharedConcepts",
        "query($a: ID!, $b: ID!) { sharedConcepts(paperA: $a, paperB: $b) "
        "{ key name paperCount } }",
        lambda s, i: dict(zip(("a", "b"), _nth(s.pairs, i), strict=True)),
        lambda v, _: (("shared_concepts", {"paperA": v["a"], "paperB": v["b"]}),),
    ),
    Case(
        "relatedPapers",
        "query($id: ID!) { relatedPapers(id: $id, first: 10) { score "
        "paper { id title } sharedConcepts { key name } sharedMethods { key name } } }",
        lambda s, i: {"id": _nth(s.papers, i)},
        lambda v, _: (
            (
                "related_papers",
                related_params([v["id"]], 10),
            ),
        ),
    ),
    Case(
        "Concept.trend/broader/narrower",
        "query($c: String!) { concept(key: $c) { key trend { year papers share } "
        "broader { key } narrower(first: 10) { key paperCount } } }",
        lambda s, i: {"c": _nth(s.concepts, i)},
        lambda v, _: (
            ("concept_by_key", {"key": v["c"]}),
            ("year_totals", {}),
            ("concept_trend", {"keys": [v["c"]]}),
            ("concept_broader", {"keys": [v["c"]]}),
            ("concept_narrower", {"keys": [v["c"]], "first": 10}),
        ),
    ),
    Case(
        "topics+Paper.topics",
        "query($id: ID!) { topics(first: 10) { totalCount edges { node { id name paperCount } } } "
        "paper(id: $id) { topics { id name } } }",
        lambda s, i: {"id": _nth(s.papers, i)},
        lambda v, _: (
            ("find_topics", {"skip": 0, "first": 10}),
            ("papers_by_ids", {"ids": [v["id"]]}),
            ("paper_topics", {"ids": [v["id"]], "first": 3}),
        ),
    ),
    Case(
        "path",
        "query($a: ID!, $b: ID!) { path(fromPaper: $a, toPaper: $b, maxHops: 4) "
        "{ length nodes { id kind label } edges { source target type } } }",
        lambda s, i: dict(zip(("a", "b"), s.far_pair(i), strict=True)),
        lambda v, _: (("shortest_path", {"fromPaper": v["a"], "toPaper": v["b"], "maxHops": 4}),),
    ),
    Case(
        "Concept.related",
        "query($c: String!) { concept(key: $c) { key "
        "related(first: 10) { papers concept { key name paperCount } } } }",
        lambda s, i: {"c": _nth(s.concepts, i)},
        lambda v, _: (
            ("concept_by_key", {"key": v["c"]}),
            ("concept_related", {"keys": [v["c"]], "first": 10}),
        ),
    ),
    Case(
        "neighborhood",
        "query($id: ID!) { neighborhood(id: $id, hops: 2, limit: 50) "
        "{ nodes { id kind key label } edges { source target type weight } } }",
        lambda s, i: {"id": _nth(s.papers, i)},
        lambda v, _: (
            (
                "neighborhood",
                {"id": v["id"], "hops": 2, "limit": 50, "maxPapers": NEIGHBORHOOD_PAPERS},
            ),
        ),
    ),
)


async def post(
    client: aiohttp.ClientSession, url: str, document: str, variables: dict[str, Any]
) -> dict[str, Any]:
    """One GraphQL request; raise on HTTP or GraphQL errors (a benchmark of errors is no use)."""
    async with client.post(url, json={"query": document, "variables": variables}) as response:
        response.raise_for_status()
        body: dict[str, Any] = await response.json(content_type=None)  # any JSON media type
    if body.get("errors"):
        raise RuntimeError(f"GraphQL errors from {url}: {body['errors']}")
    return body


def api_call(client: aiohttp.ClientSession, url: str, case: Case, samples: Samples) -> Call:
    async def call(i: int) -> None:
        await post(client, url, case.document, case.variables(samples, i))

    return call


def cypher_call(driver: AsyncDriver, database: str, case: Case, samples: Samples) -> Call:
    async def call(i: int) -> None:
        for name, params in case.plan(case.variables(samples, i), samples):
            await driver.execute_query(query(name), params, database_=database, routing_="r")

    return call


async def check_plans(client: aiohttp.ClientSession, url: str, samples: Samples) -> None:
    """Each case's Cypher plan has as many statements as the API reports sending for it."""
    for case in CASES:
        variables = case.variables(samples, 0)
        body = await post(client, url, case.document, variables)
        sent = body.get("extensions", {}).get("cypherStatements")
        planned = len(case.plan(variables, samples))
        if sent != planned:
            raise RuntimeError(
                f"{case.name}: the API sent {sent} statements, the plan has "
                f"{planned}; update bench/api.py CASES."
            )


# --- the run -------------------------------------------------------------------------------------


class Named(Protocol):
    @property
    def name(self) -> str: ...


async def timed_runs(
    sides: Mapping[str, Callable[[Any], Call]],
    cases: Sequence[Named],
    *,
    reps: int,
    load: Load,
    warmup: Load,
    slices: int = SLICES,
) -> dict[str, Any]:
    """Warm every (case, side) up, then ``reps`` rounds of every case × concurrency, each side
    timed once per round; keys ``"case|c<concurrency>|side"``.

    A side's timed run is cut into ``slices`` slices and the sides take turns slice by slice
    (which side starts alternates by round): a slow moment of this shared 2-core machine, often
    longer than a whole run of a few hundred 1-ms requests, then falls on both sides alike
    instead of on whichever side happened to be running.
    """
    runs: dict[tuple[str, int, str], list[dict[str, float]]] = {}
    for case, make in itertools.product(cases, sides.values()):
        await drive(make(case), concurrency=max(CONCURRENCY), load=warmup)
    part = Load(requests=math.ceil(load.requests / slices), seconds=load.seconds / slices)
    for rep in range(reps):
        order = list(sides.items()) if rep % 2 == 0 else list(sides.items())[::-1]
        for case, conc in itertools.product(cases, CONCURRENCY):
            parts: dict[str, list[Timing]] = {side: [] for side, _ in order}
            for k, (side, make) in itertools.product(range(slices), order):
                # Slice k of each side walks the same parameters.
                timing = await drive(
                    make(case), concurrency=conc, load=part, start=k * part.requests
                )
                parts[side].append(timing)
            for side, timings in parts.items():
                runs.setdefault((case.name, conc, side), []).append(Timing.joined(timings).stats())
    return {f"{name}|c{conc}|{side}": summarise(r) for (name, conc, side), r in runs.items()}


def client() -> aiohttp.ClientSession:
    """The HTTP client of the timed runs (made inside the running event loop)."""
    connector = aiohttp.TCPConnector(limit=max(CONCURRENCY))
    return aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=30))


def loads(quick: bool) -> tuple[Load, Load]:
    """(timed run, warm-up) bounds."""
    if quick:
        return Load(requests=40, seconds=3), Load(requests=16, seconds=3)
    return Load(requests=600, seconds=20), Load(requests=80, seconds=10)


async def _measure(
    url: str, settings: Settings, samples: Samples, *, reps: int, quick: bool
) -> dict[str, Any]:
    load, warmup = loads(quick)
    async with client() as http, async_driver(settings) as driver:
        await check_plans(http, url, samples)
        sides = {
            "api": lambda c: api_call(http, url, c, samples),
            "cypher": lambda c: cypher_call(driver, settings.neo4j_database, c, samples),
        }
        return await timed_runs(sides, CASES, reps=reps, load=load, warmup=warmup)


def run(settings: Settings, *, papers: int, reps: int, quick: bool) -> dict[str, Any]:
    """Load the graph if needed, start the API, time both sides; every number in one dict."""
    stored = asyncio.run(ensure_graph(settings, papers))
    samples = asyncio.run(pick_samples(settings))
    with api_server(settings) as url:
        measured = asyncio.run(_measure(url, settings, samples, reps=reps, quick=quick))
    load = loads(quick)[0]
    return {
        "papers": stored,
        "reps": reps,
        "requests_per_run": load.requests,
        "seconds_per_run_max": load.seconds,
        "concurrency": list(CONCURRENCY),
        "target_p50_ratio": TARGET_RATIO,
        "target_p99_ms_c1": TARGET_P99_MS,
        "queries": [c.name for c in CASES],
        "measured": measured,
    }


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    rows: list[list[object]] = []
    m, n = result["measured"], result["papers"]
    for name in result["queries"]:
        for conc in result["concurrency"]:
            api, cy = m[f"{name}|c{conc}|api"], m[f"{name}|c{conc}|cypher"]
            ratio = api["p50"]["median"] / cy["p50"]["median"]
            rows.append(
                [
                    f"api {name} c={conc}: p50 ms API / Cypher",
                    f"{api['p50']['median']:.1f} / {cy['p50']['median']:.1f} = {ratio:.2f}×",
                    f"API {api['p50']['min']:.1f}–{api['p50']['max']:.1f}",
                    f"target ≤ {TARGET_RATIO}×: {verdict(ratio <= TARGET_RATIO)}; n={n}",
                ]
            )
            p99 = api["p99"]["median"]
            note = (
                f"target ≤ {TARGET_P99_MS:.0f} ms: {verdict(p99 <= TARGET_P99_MS)}"
                if conc == 1
                else ""
            )
            rows.append(
                [
                    f"api {name} c={conc}: API p95 / p99 ms; req/s API / Cypher",
                    f"{api['p95']['median']:.1f} / {p99:.1f}; "
                    f"{api['rps']['median']:.0f} / {cy['rps']['median']:.0f}",
                    f"p99 {api['p99']['min']:.1f}–{api['p99']['max']:.1f}",
                    note,
                ]
            )
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve"] and len(sys.argv) == 3:
        serve(int(sys.argv[2]))
    else:
        sys.exit("usage: python -m bench.api serve PORT (the benchmark runs from python -m bench)")
