"""`python -m bench.scale_runs write|api|load N`: the scale runs, on a corpus from bench/scale.py.

Each run appends its numbers to ``bench/results/scale.json`` (keyed ``<run>@<N>``) and rewrites
``bench/results/scale.md`` from it. The server is a local Neo4j of its own (Bolt port
``PAPERGRAPH_SCALE_BOLT_PORT``, default 52787; heap 1 GB, page cache 512 MB, as the bench's).

* ``write N``: a fresh store, then the loader's own write path
  (``loaders.pipeline.extract_and_write``: identity matching, ``UNWIND`` batches of 256 in one
  transaction each; then ``papergraph.usecases.ingest.settle_graph``: the resolution and the
  ``RELATED_TO`` refresh) with the deterministic ``SimpleExtractor`` (256-dimension embeddings,
  about a millisecond a paper in a worker thread beside the writes), so the rate is that of the
  store side. Reported: papers/s overall and per tenth of the load (where the store bends),
  the loader's peak RSS, the store's size on disk, the graph's counts.
* ``api N``: the API benchmark's queries (``bench.api.CASES``, with its samples, which include
  the most mentioned concepts) against the graph the scale server holds (the last ``write``
  or ``load`` left; recorded under the graph's own paper count), p50/p99 at concurrency 1
  and 8, API under uvicorn in a child process.
* ``load N``: ``papergraph load --fast`` of the corpus in a child process on a fresh store:
  papers/s end to end, peak RSS of the loader and its extraction children, store size.
* ``ray N``: ``papergraph load`` of the corpus's first N papers with the default extractor on a
  fresh store, locally and then with ``--engine ray`` on a local Ray of 1 and of 2 workers, in
  the same run: papers/s end to end of each (Ray's start-up included, as a user waits for it).
* ``topics N``: the topic recomputation's own part (``graph.topics``: co-occurrence pairs and
  Louvain) over the concept lists of the graph the server holds, in a child process, and in
  the same run the networkx computation it replaced as the baseline: seconds, peak RSS (the
  concept lists read from a file included in both), the topics found; recorded under the
  graph's paper count.
* ``export N``: ``papergraph export`` (GraphML, the whole graph) of the graph the last
  ``write`` left, in a child process: seconds, peak RSS (the target: under 1 GB whatever the
  graph's size, as the export streams), the file's size.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import gzip
import json
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import scale
from bench.common import RESULTS, bench_settings, child_env, machine_info, markdown_table, run_child
from graph.connection import async_driver
from graph.schema import ensure_schema
from graph.topics import Cooccurrence, cooccurrence, paper_concepts
from graph.writes import graph_counts
from papergraph.cli import local_neo4j
from papergraph.settings import Settings

BOLT_PORT = int(os.environ.get("PAPERGRAPH_SCALE_BOLT_PORT", "52787"))
CORPORA = Path(os.environ.get("PAPERGRAPH_SCALE_DIR", "/tmp/papergraph-scale"))
TARGET_P99_MS = 50.0
EXPORT_RSS_MB = 1024


def corpus(n: int) -> Path:
    """The scale corpus of ``n`` papers (generated once, then reused; written under another
    name first, so a run stopped while generating leaves no truncated corpus to reuse)."""
    path = CORPORA / f"scale-{n}.jsonl.gz"
    if not path.exists():
        CORPORA.mkdir(parents=True, exist_ok=True)
        part = path.with_name(path.name + ".part")
        with gzip.open(part, "wt", encoding="utf-8") as out:
            scale.write(scale.generate(scale.read_pool(), n), out)
        part.replace(path)
    return path


def fresh_store(settings: Settings) -> None:
    """Stop the scale server, delete its store (faster than deleting a large graph), start."""
    local_neo4j.stop(settings)
    shutil.rmtree(local_neo4j.layout(settings).data, ignore_errors=True)
    local_neo4j.start(settings)


def store_mb(settings: Settings) -> dict[str, Any]:
    """Sizes on disk of the store files and of the transaction logs, measured with the server
    stopped (a clean stop checkpoints: before it much of a fresh load is only in the logs),
    with the store's parts by what they hold and its range indexes of 10 MB or more by name."""
    indexes = asyncio.run(_range_index_names(settings))
    local_neo4j.stop(settings)
    data = local_neo4j.layout(settings).data
    store = data / "databases" / "neo4j"
    by_index = {name: _du_mb(store / "schema" / "index" / "range-1.0" / i) for i, name in indexes}
    sizes = {
        "store_mb": _du_mb(store),
        "tx_logs_mb": _du_mb(data / "transactions" / "neo4j"),
        "parts_mb": _store_parts_mb(store),
        "range_indexes_mb": {k: v for k, v in sorted(by_index.items()) if v >= 10},
    }
    local_neo4j.start(settings)
    return sizes


async def _range_index_names(settings: Settings) -> list[tuple[str, str]]:
    """``(id, name)`` of each range index: its files are in a directory named by its id."""
    async with async_driver(settings) as driver:
        records, _, _ = await driver.execute_query(
            "SHOW RANGE INDEXES YIELD id, name", database_=settings.neo4j_database
        )
    return [(str(r["id"]), r["name"]) for r in records]


#: What each of the store's largest files holds (Neo4j's record format), by file name.
_STORE_FILES = {
    "neostore.propertystore.db.strings": "long strings",
    "neostore.propertystore.db.arrays": "arrays",
    "neostore.propertystore.db": "property records",
    "neostore.relationshipstore.db": "relationships",
    "neostore.nodestore.db": "nodes",
}
#: What each index directory holds, by the index provider's name.
_INDEX_DIRS = {"range-1.0": "range indexes", "vector-2.0": "vector index"}


def _store_parts_mb(store: Path) -> dict[str, float]:
    """The store's size by what it holds: property strings and arrays, property and
    relationship records, the range and vector indexes, and the rest together."""
    parts = {name: _du_mb(store / file) for file, name in _STORE_FILES.items()}
    index = store / "schema" / "index"
    parts |= {name: _du_mb(index / folder) for folder, name in _INDEX_DIRS.items()}
    parts["other"] = round(_du_mb(store) - sum(parts.values()), 1)
    return parts


def _du_mb(path: Path) -> float:
    if path.is_file():
        return round(path.stat().st_size / 2**20, 1)
    files = [p for p in path.rglob("*") if p.is_file()] if path.exists() else []
    return round(sum(p.stat().st_size for p in files) / 2**20, 1)


@dataclasses.dataclass
class _Progress:
    """How far a ``write`` run is: the papers stored at each step and when.

    A resumed run (``--resume``) starts from the ``stored`` papers an earlier sitting left and
    its record (``earlier``): the tenths that sitting finished are kept, and the next tenth's
    rate is counted over the papers written in this sitting alone.
    """

    total: int
    stored: int = 0
    earlier: dict[str, Any] = dataclasses.field(default_factory=dict)
    marks: list[tuple[int, float]] = dataclasses.field(default_factory=list)
    started: float = 0.0  # when this sitting's first paper was written (the skips done)
    done: int = 0

    def step(self, papers: int) -> bool:
        """Count ``papers`` more (written or skipped); True when a tenth more is done."""
        before, self.done = self.done, self.done + papers
        now = time.perf_counter()
        if self.stored and self.done <= self.stored:  # skipping what an earlier sitting wrote
            self.started = now
            return False
        self.marks.append((self.done, now))
        return self.done * 10 // self.total > before * 10 // self.total

    def partial(self) -> dict[str, Any]:
        """The run so far, as a partial record."""
        last = self.marks[-1][1] if self.marks else self.started
        return {
            "partial": True,
            "papers": self.done,
            "seconds": round(self.earlier.get("seconds", 0.0) + last - self.started, 1),
            "by_tenth": self.tenths(),
            "sittings": self.sittings,
        }

    @property
    def sittings(self) -> int:
        """How many sittings the run has taken, this one included."""
        return self.earlier.get("sittings", 1) + 1 if self.earlier else 1

    def tenths(self) -> list[float]:
        """Papers/s over each tenth of the load; a tenth an earlier sitting finished keeps its
        rate, the one it stopped in is counted over this sitting's papers."""
        kept = list(self.earlier.get("by_tenth", []))[: self.stored * 10 // self.total]
        return kept + _tenths(self.marks, self.started, self.total, first=self.stored)


async def _write(settings: Settings, path: Path, progress: _Progress) -> dict[str, Any]:
    from loaders.extraction.simple import SimpleExtractor
    from loaders.pipeline import extract_and_write, read_corpora
    from papergraph.usecases.ingest import settle_graph

    records = read_corpora([path]).records
    extractor = SimpleExtractor(dimensions=384)

    def on_progress(papers: int) -> None:
        if progress.step(papers):  # a tenth more: keep it
            record(f"write@{len(records)}", progress.partial())

    async with async_driver(settings) as driver:
        database = settings.neo4j_database
        await ensure_schema(driver, database=database, dimensions=extractor.dimensions)
        progress.started = time.perf_counter()
        report = await extract_and_write(
            records, driver=driver, database=database, extractor=extractor, on_progress=on_progress
        )
        await settle_graph(driver, database=database)
        finished = time.perf_counter()
        counts = await graph_counts(driver, database=database)
    seconds = progress.earlier.get("seconds", 0.0) + finished - progress.started
    return {
        "papers": report.written + progress.stored,
        "seconds": round(seconds, 1),
        "papers_per_s": round((report.written + progress.stored) / seconds, 1),
        "papers_per_s_by_tenth": progress.tenths(),
        "refresh_related_seconds": round(finished - progress.marks[-1][1], 1),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "counts": dataclasses.asdict(counts),
        **({"sittings": progress.sittings} if progress.earlier else {}),
    }


def _tenths(
    marks: list[tuple[int, float]], started: float, total: int, *, first: int = 0
) -> list[float]:
    """Papers/s over each tenth of the load after the ``first`` papers (progress counts
    skipped papers too)."""
    rates, last_n, last_t = [], first, started
    for k in range(first * 10 // total + 1, 11):
        goal = total * k // 10
        hit = next(((n, t) for n, t in marks if n >= goal), None)
        if hit is None:
            break
        if hit[0] == last_n:  # one batch spans this tenth and the one before
            continue
        rates.append(round((hit[0] - last_n) / max(hit[1] - last_t, 1e-9), 1))
        last_n, last_t = hit
    return rates


def write_run(settings: Settings, n: int, *, resume: bool = False) -> dict[str, Any]:
    """A write run of ``n`` papers on a fresh store, or, with ``resume``, on from where the
    last sitting of the same run stopped (stopped by Ctrl-C, SIGINT or SIGTERM, it records how
    far it got, so a run longer than one sitting can be done in several)."""
    progress = _Progress(total=n)
    if resume:
        progress.earlier = _results()["runs"].get(f"write@{n}", {})
        if not progress.earlier.get("partial"):
            raise SystemExit(f"No stopped write@{n} run to resume in {RESULTS / 'scale.json'}.")
        progress.stored = asyncio.run(_stored(settings))
    else:
        fresh_store(settings)
    try:
        result = asyncio.run(_write(settings, corpus(n), progress))
    except KeyboardInterrupt:
        record(f"write@{n}", progress.partial())
        raise SystemExit(130) from None
    return {**result, **store_mb(settings)}


async def _stored(settings: Settings) -> int:
    async with async_driver(settings) as driver:
        return (await graph_counts(driver, database=settings.neo4j_database)).papers


def api_run(settings: Settings, *, reps: int, quick: bool) -> dict[str, Any]:
    from bench import api

    async def papers() -> int:
        async with async_driver(settings) as driver:
            return (await graph_counts(driver, database=settings.neo4j_database)).papers

    # picking samples is the run's first read of a freshly started server, whose page cache
    # is cold: on a big store its first statements read from disk for longer than the API's
    # timeout, so that one step gets longer (the timed queries run after a warm-up)
    patient = settings.model_copy(update={"query_timeout": 300.0})
    samples = asyncio.run(api.pick_samples(patient))
    with api.api_server(settings) as url:
        measured = asyncio.run(api._measure(url, settings, samples, reps=reps, quick=quick))
    return {
        "papers": asyncio.run(papers()),
        "reps": reps,
        "hot_concepts": list(samples.concepts[:3]),
        "measured": {k: v for k, v in measured.items() if k.endswith("|api")},
    }


def load_run(settings: Settings, n: int, *, fast: bool) -> dict[str, Any]:
    fresh_store(settings)
    args = ["-m", "papergraph", "load", str(corpus(n)), *(["--fast"] if fast else [])]
    run = run_child(args, env=child_env(settings), timeout=4 * 3600)
    if run.returncode != 0:
        raise RuntimeError(f"papergraph load failed:\n{run.stderr[-2000:]}")
    return {
        "papers": n,
        "fast": fast,
        "seconds": round(run.seconds, 1),
        "papers_per_s": round(n / run.seconds, 2),
        "peak_rss_mb": round(run.peak_rss_mb),
        **store_mb(settings),
    }


def ray_run(settings: Settings, n: int) -> dict[str, Any]:
    engines = {"local": [], "ray-1": ["--engine", "ray", "--ray-workers", "1"]}
    engines["ray-2"] = ["--engine", "ray", "--ray-workers", "2"]
    rates: dict[str, Any] = {}
    for name, options in engines.items():
        fresh_store(settings)
        args = ["-m", "papergraph", "load", str(corpus(n)), *options]
        run = run_child(args, env=child_env(settings), timeout=4 * 3600)
        if run.returncode != 0:
            raise RuntimeError(f"papergraph load ({name}) failed:\n{run.stderr[-2000:]}")
        rates[name] = {
            "seconds": round(run.seconds, 1),
            "papers_per_s": round(n / run.seconds, 2),
            "peak_rss_mb": round(run.peak_rss_mb),
        }
    return {"papers": n, "engines": rates}


def topics_run(settings: Settings) -> dict[str, Any]:
    async def concept_lists() -> list[list[str]]:
        async with async_driver(settings) as driver:
            records = await paper_concepts(driver, database=settings.neo4j_database)
        return [list(r["keys"]) for r in records]

    papers = asyncio.run(concept_lists())
    systems: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as scratch:
        lists = Path(scratch) / "concepts.json"
        lists.write_text(json.dumps(papers))
        graph = cooccurrence(papers)
        for system in ("papergraph", "networkx"):
            found = Path(scratch) / f"{system}.json"
            args = ["-m", "bench.topic_compute", system, str(lists), str(found)]
            run = run_child(args, env=child_env(settings), timeout=4 * 3600)
            if run.returncode != 0:
                raise RuntimeError(f"topic computation ({system}) failed:\n{run.stderr[-2000:]}")
            systems[system] = {
                "seconds": round(run.seconds, 1),
                "peak_rss_mb": round(run.peak_rss_mb),
                **_topic_quality(graph, json.loads(found.read_text())),
            }
    return {"papers": len(papers), "systems": systems}


def _topic_quality(graph: Cooccurrence, topics: list[list[str]]) -> dict[str, Any]:
    """How many topics, their sizes, and the modularity of the partition they make of the
    co-occurrence graph (each concept left out of every topic on its own)."""
    position = {k: i for i, k in enumerate(graph.keys)}
    membership = list(range(len(graph.keys)))
    for number, members in enumerate(topics, len(graph.keys)):
        for key in members:
            membership[position[key]] = number
    modularity = graph.network().modularity(membership, weights="weight")
    sizes = sorted((len(t) for t in topics), reverse=True)
    return {"topics": len(topics), "sizes": sizes[:10], "modularity": round(modularity, 4)}


def export_run(settings: Settings) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "graph.graphml"
        args = ["-m", "papergraph", "export", "--format", "graphml", "-o", str(out)]
        run = run_child(args, env=child_env(settings), timeout=4 * 3600)
        if run.returncode != 0:
            raise RuntimeError(f"papergraph export failed:\n{run.stderr[-2000:]}")
        size = out.stat().st_size
    return {
        "seconds": round(run.seconds, 1),
        "peak_rss_mb": round(run.peak_rss_mb),
        "file_mb": round(size / 2**20, 1),
    }


def table(results: dict[str, Any]) -> str:
    rows: list[list[object]] = []
    for key, r in sorted(results["runs"].items()):
        kind, n = key.split("@")
        if kind == "store":
            parts = "; ".join(f"{k} {v} MB" for k, v in r.get("parts_mb", {}).items())
            indexes = r.get("range_indexes_mb", {})
            parts += "".join(f"; index {k} {v} MB" for k, v in indexes.items())
            rows.append([f"store n={n}", "", f"store {r['store_mb']} MB", parts])
        elif r.get("partial"):
            rate = round(r["papers"] / r["seconds"], 1)
            rows.append(
                [
                    f"{kind} n={n}, stopped at {r['papers']} papers",
                    f"{rate} papers/s",
                    "",
                    f"papers/s by tenth: {r['by_tenth']}",
                ]
            )
        elif kind in ("write", "load-fast", "load-default"):
            rows.append(
                [
                    f"{kind} n={n}",
                    f"{r['papers_per_s']} papers/s",
                    f"peak RSS {r['peak_rss_mb']} MB; store {r['store_mb']} MB "
                    f"(+ tx logs {r['tx_logs_mb']} MB)",
                    f"by tenth: {r.get('papers_per_s_by_tenth', '')}",
                ]
            )
        elif kind == "api":
            rows += _api_rows(n, r)
        elif kind == "ray":
            local = r["engines"]["local"]["papers_per_s"]
            for name, e in r["engines"].items():
                rows.append(
                    [
                        f"load {name} n={n} (default extractor)",
                        f"{e['papers_per_s']} papers/s",
                        f"peak RSS {e['peak_rss_mb']} MB (the load's process tree)",
                        f"{e['papers_per_s'] / local:.2f}× the local load",
                    ]
                )
        elif kind == "topics":
            base = r["systems"]["networkx"]
            for name, e in r["systems"].items():
                rows.append(
                    [
                        f"topics {name} n={n} ({r['papers']} papers with 2+ kept concepts)",
                        f"{e['seconds']} s",
                        f"peak RSS {e['peak_rss_mb']} MB",
                        f"{e['topics']} topics, modularity {e['modularity']}; {base['seconds'] / e['seconds']:.1f}× as fast "
                        f"and {e['peak_rss_mb'] / base['peak_rss_mb']:.2f}× the memory of networkx",
                    ]
                )
        elif kind == "export":
            within = "met" if r["peak_rss_mb"] < EXPORT_RSS_MB else "MISSED"
            rows.append(
                [
                    f"export n={n} (GraphML, whole graph)",
                    f"{r['seconds']} s",
                    f"peak RSS {r['peak_rss_mb']} MB; file {r['file_mb']} MB",
                    f"peak RSS < {EXPORT_RSS_MB} MB: {within}",
                ]
            )
    return markdown_table(["run", "rate / latency", "memory, store", "note"], rows)


def _api_rows(n: str, r: dict[str, Any]) -> list[list[object]]:
    rows: list[list[object]] = []
    names = dict.fromkeys(k.split("|")[0] for k in r["measured"])
    for name in names:
        c1, c8 = r["measured"][f"{name}|c1|api"], r["measured"][f"{name}|c8|api"]
        p99 = c1["p99"]["median"]
        rows.append(
            [
                f"api {name} n={n}",
                f"c=1 p50 {c1['p50']['median']:.1f} / p99 {p99:.1f} ms; "
                f"c=8 p50 {c8['p50']['median']:.1f} / p99 {c8['p99']['median']:.1f} ms",
                "",
                f"p99 c=1 ≤ {TARGET_P99_MS:.0f} ms: {'met' if p99 <= TARGET_P99_MS else 'MISSED'}",
            ]
        )
    return rows


def _results() -> dict[str, Any]:
    path = RESULTS / "scale.json"
    return json.loads(path.read_text()) if path.exists() else {"runs": {}}


def record(key: str, result: dict[str, Any]) -> None:
    path = RESULTS / "scale.json"
    results = _results()
    results["machine"] = machine_info()
    results["runs"][key] = {**result, "finished": time.strftime("%Y-%m-%dT%H:%M:%S")}
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=2) + "\n")
    (RESULTS / "scale.md").write_text(table(results) + "\n")
    print(json.dumps({key: result}, indent=2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale_runs", description=__doc__)
    parser.add_argument(
        "run",
        choices=("write", "api", "load", "load-default", "store", "export", "ray", "topics"),
    )
    parser.add_argument("n", type=int)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--resume", action="store_true", help="write: go on from where the last sitting stopped"
    )
    args = parser.parse_args(argv)
    settings = bench_settings(BOLT_PORT)
    local_neo4j.start(settings)
    if args.run == "write":
        # Ctrl-C, and a kill of a run started in the background (which ignores SIGINT),
        # interrupt it as a KeyboardInterrupt, so it records how far it got
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        record(f"write@{args.n}", write_run(settings, args.n, resume=args.resume))
    elif args.run == "store":  # the size of the graph the last run left
        record(f"store@{args.n}", store_mb(settings))
    elif args.run == "ray":
        record(f"ray@{args.n}", ray_run(settings, args.n))
    elif args.run == "topics":  # of the graph the server holds
        result = topics_run(settings)
        record(f"topics@{asyncio.run(_stored(settings))}", result)
    elif args.run == "export":  # of the graph the last run left
        record(f"export@{args.n}", export_run(settings))
    elif args.run == "api":
        result = api_run(settings, reps=args.reps, quick=args.quick)
        record(f"api@{result['papers']}", result)  # the graph's size, whatever N was asked
    else:
        fast = args.run == "load"
        key = f"load-{'fast' if fast else 'default'}@{args.n}"
        record(key, load_run(settings, args.n, fast=fast))
    return 0


if __name__ == "__main__":
    sys.exit(main())
