"""Peer benchmark: our GraphQL API vs the Neo4j GraphQL Library over the same graph, same run.

The peer is ``@neo4j/graphql`` served by graphql-yoga (``bench/peers/server.mjs``, installed with
``npm ci`` on first use), with type definitions equivalent to ours and ``@cypher`` fields for the
traversals. Both servers run in child processes on loopback ports over the bench Neo4j and get
the same logical queries with the same parameters: a paper with its concepts, one page of the
papers mentioning a concept, the concepts two papers share, a paper's related papers. Before
timing, a sample of answers from both is compared; then both are timed like bench.api (warm-up
excluded, concurrency 1 and 8, the sides taking turns slice by slice in every repetition).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp

from bench.api import (
    Call,
    Samples,
    api_server,
    client,
    ensure_graph,
    free_port,
    loads,
    pick_samples,
    post,
    serving,
    timed_runs,
    verdict,
)
from bench.common import REPO, child_env
from graph.cypher import query
from graph.queries.papers import related_params
from papergraph.settings import Settings

PEERS = REPO / "bench" / "peers"
# The API's speed target: faster than the library on every query at both concurrencies, and a
# p99 of at most 50 ms at concurrency 1.
TARGET_RATIO = 1.0
TARGET_P99_MS_C1 = 50.0
CHECKED = 10  # parameter sets whose answers are compared before timing


@dataclass(frozen=True)
class PeerCase:
    """One logical query as each server spells it, and how to bring both answers to one shape."""

    name: str
    ours: str
    theirs: str
    variables: Callable[[Samples, int], dict[str, Any]]
    ours_answer: Callable[[dict[str, Any]], Any]
    theirs_answer: Callable[[dict[str, Any]], Any]


def _nth(values: tuple[Any, ...], i: int) -> Any:
    return values[i % len(values)]


def _mentions(paper: dict[str, Any] | None, edges: list[dict[str, Any]]) -> Any:
    return paper and (paper["id"], [(e["key"], round(e["score"], 4)) for e in edges])


def _page(total: int, ids: list[str], has_next: bool) -> Any:
    return {"total": total, "ids": ids, "hasNext": has_next}


CASES = (
    PeerCase(
        "paper with concepts",
        "query($id: ID!) { paper(id: $id) { id title year venue "
        "concepts(first: 10) { score concept { key name } } } }",
        "query($id: ID!) { papers(where: {id: {eq: $id}}) { id title year venue "
        "conceptsConnection(first: 10, sort: [{edge: {score: DESC}}, {node: {key: ASC}}]) "
        "{ edges { properties { score } node { key name } } } } }",
        lambda s, i: {"id": _nth(s.papers, i)},
        lambda d: _mentions(
            d["paper"],
            [{"key": m["concept"]["key"], "score": m["score"]} for m in d["paper"]["concepts"]],
        ),
        lambda d: _mentions(
            d["papers"][0],
            [
                {"key": e["node"]["key"], "score": e["properties"]["score"]}
                for e in d["papers"][0]["conceptsConnection"]["edges"]
            ],
        ),
    ),
    PeerCase(
        "papers by concept (page of 10)",
        "query($c: String!) { papers(concept: $c, first: 10) { totalCount "
        "edges { cursor node { id title year } } pageInfo { hasNextPage endCursor } } }",
        "query($c: ID!) { concepts(where: {key: {eq: $c}}) { papersConnection(first: 10, "
        "sort: [{edge: {score: DESC}}, {node: {id: ASC}}]) { totalCount "
        "edges { cursor node { id title year } } pageInfo { hasNextPage endCursor } } } }",
        lambda s, i: {"c": _nth(s.concepts, i)},
        lambda d: _page(
            d["papers"]["totalCount"],
            [e["node"]["id"] for e in d["papers"]["edges"]],
            d["papers"]["pageInfo"]["hasNextPage"],
        ),
        lambda d: _page(
            *(
                lambda c: (
                    c["totalCount"],
                    [e["node"]["id"] for e in c["edges"]],
                    c["pageInfo"]["hasNextPage"],
                )
            )(d["concepts"][0]["papersConnection"])
        ),
    ),
    PeerCase(
        "sharedConcepts",
        "query($a: ID!, $b: ID!) { sharedConcepts(paperA: $a, paperB: $b) { key name } }",
        "query($a: ID!, $b: ID!) { sharedConcepts(paperA: $a, paperB: $b) { key name } }",
        lambda s, i: dict(zip(("a", "b"), _nth(s.pairs, i), strict=True)),
        lambda d: sorted(c["key"] for c in d["sharedConcepts"]),
        lambda d: sorted(c["key"] for c in d["sharedConcepts"]),
    ),
    PeerCase(
        "relatedPapers",
        "query($id: ID!) { relatedPapers(id: $id, first: 10) { paper { id title } } }",
        "query($id: ID!) { relatedPapers(id: $id, first: 10) { id title } }",
        lambda s, i: {"id": _nth(s.papers, i)},
        lambda d: [r["paper"]["id"] for r in d["relatedPapers"]],
        lambda d: [p["id"] for p in d["relatedPapers"]],
    ),
)


def ensure_node_modules() -> None:
    """``npm ci`` in bench/peers unless the library is installed (bounded in time)."""
    if not (PEERS / "node_modules" / "@neo4j" / "graphql").is_dir():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"],
            cwd=PEERS,
            check=True,
            timeout=600,
            capture_output=True,
        )


def related_statement() -> str:
    """Our relatedPapers statement for the peer's ``@cypher`` field: one paper (``$id``), the
    parameters our query layer sends written in, comments dropped, and the related papers
    returned as nodes in our order. The peer then ranks exactly as we do."""
    constants = {f"${k}": v for k, v in related_params([], 0).items() if k not in ("ids", "first")}
    constants["$ids"] = "[$id]"
    statement = "\n".join(
        line for line in query("related_papers").splitlines() if not line.startswith("//")
    )
    for name, value in constants.items():
        statement = statement.replace(name, str(value))
    return (
        f"CALL () {{\n{statement}\n}}\n"
        "UNWIND related AS r\nMATCH (q:Paper {id: r.paper.id})\nRETURN q"
    )


@contextlib.contextmanager
def peer_server(settings: Settings) -> Iterator[str]:
    """The Neo4j GraphQL Library server in a child process; yields its ``/graphql`` URL."""
    ensure_node_modules()
    port = free_port()
    env = {
        **child_env(settings),
        "PORT": str(port),
        "NEO4J_USER": settings.neo4j_user,
        "NEO4J_DATABASE": settings.neo4j_database,
        "RELATED_STATEMENT": related_statement(),
    }
    base = f"http://127.0.0.1:{port}"
    with serving(["node", "server.mjs"], env=env, cwd=PEERS, health=f"{base}/health"):
        yield f"{base}/graphql"


def side_call(
    http: aiohttp.ClientSession, url: str, case: PeerCase, samples: Samples, *, ours: bool
) -> Call:
    document = case.ours if ours else case.theirs

    async def call(i: int) -> None:
        await post(http, url, document, case.variables(samples, i))

    return call


async def compare_answers(
    http: aiohttp.ClientSession, ours: str, theirs: str, samples: Samples
) -> dict[str, Any]:
    """For each case, how many of the first CHECKED parameter sets get the same answer."""
    report: dict[str, Any] = {}
    for case in CASES:
        same = 0
        differences: list[dict[str, Any]] = []
        for i in range(CHECKED):
            variables = case.variables(samples, i)
            a = case.ours_answer((await post(http, ours, case.ours, variables))["data"])
            b = case.theirs_answer((await post(http, theirs, case.theirs, variables))["data"])
            same += a == b
            if a != b and len(differences) < 2:
                differences.append({"variables": variables, "ours": a, "theirs": b})
        report[case.name] = {"same": same, "checked": CHECKED, "differences": differences}
    return report


async def _measure(
    ours: str, theirs: str, samples: Samples, *, reps: int, quick: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    load, warmup = loads(quick)
    async with client() as http:
        answers = await compare_answers(http, ours, theirs, samples)
        sides = {
            "ours": lambda c: side_call(http, ours, c, samples, ours=True),
            "neo4j-graphql": lambda c: side_call(http, theirs, c, samples, ours=False),
        }
        return answers, await timed_runs(sides, CASES, reps=reps, load=load, warmup=warmup)


def versions() -> dict[str, str]:
    node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=False)
    pinned = json.loads((PEERS / "package.json").read_text())["dependencies"]
    return {"node": node.stdout.strip(), **pinned}


def run(settings: Settings, *, papers: int, reps: int, quick: bool) -> dict[str, Any]:
    """Load the graph if needed, start both servers, compare answers, time both."""
    stored = asyncio.run(ensure_graph(settings, papers))
    samples = asyncio.run(pick_samples(settings))
    with api_server(settings) as ours, peer_server(settings) as theirs:
        answers, measured = asyncio.run(_measure(ours, theirs, samples, reps=reps, quick=quick))
    return {
        "papers": stored,
        "reps": reps,
        "requests_per_run": loads(quick)[0].requests,
        "versions": versions(),
        "queries": [c.name for c in CASES],
        "answers": answers,
        "measured": measured,
    }


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    rows: list[list[object]] = []
    m, n = result["measured"], result["papers"]
    for name in result["queries"]:
        check = result["answers"][name]
        for conc in (1, 8):
            ours, lib = m[f"{name}|c{conc}|ours"], m[f"{name}|c{conc}|neo4j-graphql"]
            ratio = ours["p50"]["median"] / lib["p50"]["median"]
            rps = ours["rps"]["median"] / lib["rps"]["median"]
            p99 = ours["p99"]["median"]
            ok = ratio < TARGET_RATIO and (conc != 1 or p99 <= TARGET_P99_MS_C1)
            rows.append(
                [
                    f"peers {name} c={conc}: p50 ms ours / @neo4j/graphql",
                    f"{ours['p50']['median']:.1f} / {lib['p50']['median']:.1f} = {ratio:.2f}×; "
                    f"req/s ratio {rps:.2f}×; ours p99 {p99:.1f}",
                    f"ours {ours['p50']['min']:.1f}–{ours['p50']['max']:.1f}, "
                    f"lib {lib['p50']['min']:.1f}–{lib['p50']['max']:.1f}",
                    f"target < {TARGET_RATIO:g}×"
                    + (f", p99 ≤ {TARGET_P99_MS_C1:.0f} ms" if conc == 1 else "")
                    + f": {verdict(ok)}; same answers {check['same']}/{check['checked']}; n={n}",
                ]
            )
    return rows
