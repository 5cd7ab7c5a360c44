"""Throughput from one paper to many: each target beside its baseline, measured in one run.

Each section runs this tree's code (``after``) and, with ``--baseline REV``, a ``git archive``
of REV (``before``) side by side in the same run, alternating, each command a process of its own
with that tree first on the path:

* ``write``: the online write path (``graph.writes.upsert_papers``) on the same extracted rows
  (ICLR 2024 papers, the small deterministic extractor, batches of 256), each into an empty
  graph; the two graphs are compared node by node and edge by edge (``same_graph``). Beside
  them, the database's own speed on that graph (``floor``): every node and edge the write
  left, read back and written again into an empty graph with the same schema, by plain
  ``UNWIND … MERGE`` statements (one per label and one per relationship type), in as many
  transactions as the papers' batches, each paper's edges and the nodes it first reaches in
  its batch; no bookkeeping, nothing computed. ``over_floor`` is the write path's time over it.
* ``one paper``: ``papergraph load`` of one new paper into the graph just written (its concepts
  placed and topics computed, as after a load), beside ``papergraph --help``, ``papergraph
  extract`` of the same paper (imports, models, one extraction) and ``load`` with Neo4j down.
* ``bulk``: a first load of N synthetic papers (``bench.scale``'s corpus, the small
  deterministic extractor, rows built before the clock starts) into an empty graph, online
  (``upsert_papers`` batch by batch, then the steps after a load) and through the offline
  importer (``papergraph.cli.bulk_load.bulk_write``: files, stop, ``neo4j-admin database import``,
  start, schema, the same steps after the load); the two graphs are compared by the tests'
  fingerprint (``same_graph``). ``python -m bench --only bulk`` runs this section alone and
  updates its part of the results file.
* ``extraction floor``: the default extractor on fresh abstracts with an empty phrase cache,
  over MiniLM's own work on them: one pass over the abstracts plus one over every phrase the
  extraction embedded (read back from that cache). Beside it ``--fast`` on the same abstracts
  over its own floor: the tagger's pass over them, the static model's over them and over the
  same phrases, and MiniLM's pass over them (the vectors every mode stores for search).
* ``workers``: the extractor a load uses (``ProcessExtractor``) with 1 and with 2 worker
  processes on the same abstracts, each run with an empty phrase cache, alternating; papers/s
  of each and their ratio (linear scaling would be 2; the target is 0.7 of it, 1.4).

Writes ``bench/results/throughput.json`` and ``throughput.md``. ``parts`` runs some of them
only (``workers`` needs no Neo4j); the figures of the parts not run are kept from the file.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench.common import REPO, RESULTS, child_env, machine_info, markdown_table, write_results
from bench.corpora import ICLR2024
from graph.connection import async_driver
from papergraph.settings import Settings

BATCH = 256
#: Every part, in the order they run.
PARTS = ("write", "one_paper", "floor", "workers", "bulk")
#: Papers per batch of the workers part: enough batches for two workers to share.
WORKER_BATCH = 16
#: The worker counts the workers part compares, and the scaling the target asks of them.
WORKER_COUNTS = (1, 2)
SCALING_TARGET = 1.4
#: Fewest abstracts the workers part extracts: six batches, three per worker.
WORKER_PAPERS = 6 * WORKER_BATCH
#: Warm-up papers extracted before the timed ones, four per batch: at least one batch per worker.
_WARM = 4 * max(WORKER_COUNTS)


def run(
    settings: Settings | None,
    *,
    papers: int,
    reps: int,
    extract: int,
    baseline: str | None,
    bulk: int = 0,
    parts: Sequence[str] = PARTS,
) -> dict[str, Any]:
    """Every part in ``parts``; ``papers`` written, ``extract`` abstracts extracted, ``bulk``
    papers loaded first online and then in bulk.
    ``settings`` (a Neo4j to write to) may be None when only ``workers`` runs."""
    result: dict[str, Any] = {}
    if "workers" in parts:
        result["workers"] = _workers(papers=max(extract, WORKER_PAPERS), reps=reps)
        result["workers_scaling"] = result["workers"]["scaling"]
    if settings is None or not {"write", "one_paper", "floor", "bulk"} & set(parts):
        return result
    if {"write", "one_paper"} & set(parts):  # the parts the top-level fields describe
        result.update(
            started=time.strftime("%Y-%m-%dT%H:%M:%S"),
            machine=machine_info(),
            papers=papers,
            reps=reps,
            baseline=baseline,
        )
    with tempfile.TemporaryDirectory(prefix="throughput-") as folder:
        scratch = Path(folder)
        trees = {"after": REPO}
        if baseline is not None and {"write", "one_paper"} & set(parts):
            trees["before"] = _archive(baseline, scratch / "before")
        if "write" in parts:
            result["write"] = _writes(settings, trees, papers=papers, reps=reps, scratch=scratch)
            result["write_speedup"] = result["write"].get("speedup")
            result["write_over_floor"] = result["write"]["over_floor"]
            asyncio.run(_settle(settings))
        if "one_paper" in parts:
            result["one_paper"] = _one_paper(settings, trees, reps=reps, scratch=scratch)
            result["one_paper_load_s"] = result["one_paper"]["after"]["load"]
            result["help_s"] = result["one_paper"]["after"]["help"]
    if "bulk" in parts:
        result["bulk"] = run_bulk(settings, papers=bulk)
        result["bulk_speedup"] = result["bulk"]["speedup"]
    if "floor" in parts:
        result["floor"] = _floor(settings, papers=extract)
        result["extract_over_floor"] = result["floor"]["over_floor"]
        result["fast_over_floor"] = result["floor"]["fast"]["over_floor"]
    return result


# --- the write path ---------------------------------------------------------------------------

#: Run with a tree's code first on the path: build the rows of the first N papers of a corpus
#: with the small deterministic extractor, write them batch by batch into an empty graph, and
#: dump the graph (every node and edge by labels, keys and properties: the tests' fingerprint).
WRITE_CHILD = """
import asyncio, json, sys, time
from pathlib import Path
try:
    from papergraph.settings import load_settings
except ModuleNotFoundError:  # a tree from before the settings moved into papergraph/
    from graph.config import load_settings
from graph.connection import async_driver
from graph.schema import ensure_schema
from graph.writes import clear_graph, upsert_papers
from loaders.assemble import build_row, candidates, chunks
from loaders.extraction.simple import SimpleExtractor
from loaders.readers import read_corpus
from loaders.records import PaperRecord

corpus, papers, batch, dump = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
VOLATILE = {"pair"}

def frozen(props):
    return sorted([k, repr(v)] for k, v in props.items() if k not in VOLATILE)

def name(labels, props):
    return f"{min(labels)}:{props.get('key', props.get('id', props.get('year')))}"

async def main():
    records = [r for r in read_corpus(corpus) if isinstance(r, PaperRecord)][:papers]
    extractor = SimpleExtractor()
    rows = []
    for part in chunks(candidates(records), batch):
        found = extractor.extract([c.document() for c in part])
        rows.append([build_row(c, e, extractor_version=extractor.version)
                     for c, e in zip(part, found, strict=True)])
    settings = load_settings()
    db = settings.neo4j_database
    async with async_driver(settings) as driver:
        await clear_graph(driver, database=db)
        await ensure_schema(driver, database=db, dimensions=extractor.dimensions)
        started = time.perf_counter()
        for part in rows:
            await upsert_papers(driver, database=db, papers=part)
        seconds = time.perf_counter() - started
        nodes, _, _ = await driver.execute_query(
            "MATCH (n) RETURN labels(n) AS l, properties(n) AS p, elementId(n) AS e", database_=db)
        names = {r["e"]: name(r["l"], r["p"]) for r in nodes}
        edges, _, _ = await driver.execute_query(
            "MATCH (a)-[r]->(b) RETURN elementId(a) AS a, type(r) AS t, properties(r) AS p, "
            "elementId(b) AS b", database_=db)
    Path(dump).write_text(json.dumps({
        "nodes": sorted(repr((sorted(r["l"]), frozen(r["p"]))) for r in nodes),
        "edges": sorted(repr((names[r["a"]], r["t"], names[r["b"]], frozen(r["p"]))) for r in edges),
    }))
    print(json.dumps({"seconds": seconds, "papers": sum(len(p) for p in rows)}))

asyncio.run(main())
"""


def _writes(
    settings: Settings, trees: dict[str, Path], *, papers: int, reps: int, scratch: Path
) -> dict[str, Any]:
    """Each tree's write path on the same rows, alternating, ``reps`` times each."""
    seconds: dict[str, list[float]] = {name: [] for name in [*trees, "floor"]}
    dumps: dict[str, Any] = {}
    written = 0
    floor_same = True
    for rep in range(reps):
        order = list(trees) if rep % 2 == 0 else list(reversed(trees))
        for name in order:
            dump = scratch / f"dump-{name}.json"
            args = [str(ICLR2024), str(papers), str(BATCH), str(dump)]
            out = _child_json(trees[name], ["-c", WRITE_CHILD, *args], env=child_env(settings))
            seconds[name].append(out["seconds"])
            written = out["papers"]
            dumps[name] = json.loads(dump.read_text())
        floor_s, same = asyncio.run(_database_floor(settings, batch=BATCH))
        seconds["floor"].append(floor_s)
        floor_same = floor_same and same
    best = {name: min(values) for name, values in seconds.items()}
    result: dict[str, Any] = {
        "papers": written,
        "seconds": {name: [round(s, 2) for s in values] for name, values in seconds.items()},
        "papers_per_s": {name: round(written / s, 1) for name, s in best.items()},
        "nodes": len(dumps["after"]["nodes"]),
        "edges": len(dumps["after"]["edges"]),
        "over_floor": round(best["after"] / best["floor"], 2),
        "floor_same_graph": floor_same,
    }
    if "before" in trees:
        result["speedup"] = round(best["before"] / best["after"], 2)
        result["same_graph"] = dumps["before"] == dumps["after"]
    return result


#: The properties each label's nodes are merged on by the database floor (its keys).
_IDENTITY = {
    "Paper": ("matchKey",),
    "Concept": ("key",),
    "Method": ("key",),
    "Author": ("key",),
    "CitedWork": ("id",),
    "Topic": ("id",),
    "TopicLock": ("id",),
    "YearTotal": ("year",),
    "AcronymDefinition": ("acronym", "paperId"),
}


async def _database_floor(settings: Settings, *, batch: int) -> tuple[float, bool]:
    """Seconds Neo4j takes to write the graph the write path left, by plain ``UNWIND … MERGE``
    statements in the same number of transactions, and whether it gives the same graph."""
    from graph.schema import ensure_schema
    from graph.writes import clear_graph
    from loaders.extraction.simple import SimpleExtractor

    database = settings.neo4j_database
    async with async_driver(settings) as driver:
        before = await _dump(driver, database)
        nodes, _, _ = await driver.execute_query(
            "MATCH (n) RETURN labels(n) AS labels, properties(n) AS props, elementId(n) AS id",
            database_=database,
        )
        edges, _, _ = await driver.execute_query(
            "MATCH (a)-[r]->(b) RETURN elementId(a) AS a, type(r) AS type, "
            "properties(r) AS props, elementId(b) AS b",
            database_=database,
        )
        statements = _floor_statements(
            [r.data() for r in nodes], [r.data() for r in edges], batch=batch
        )
        await clear_graph(driver, database=database)
        await ensure_schema(driver, database=database, dimensions=SimpleExtractor().dimensions)
        started = time.perf_counter()
        for part in statements:

            async def work(tx: Any, part: list[tuple[str, list[Any]]] = part) -> None:
                for statement, rows in part:
                    await (await tx.run(statement, rows=rows)).consume()

            async with driver.session(database=database) as session:
                await session.execute_write(work)
        seconds = time.perf_counter() - started
        return seconds, await _dump(driver, database) == before


def _floor_statements(
    nodes: list[dict[str, Any]], edges: list[dict[str, Any]], *, batch: int
) -> list[list[tuple[str, list[Any]]]]:
    """Per transaction, the statements (with their rows) that write the papers of one batch
    (by match key), their edges, and the other nodes they are the first to reach."""
    by_id = {n["id"]: n for n in nodes}
    label = {n["id"]: next(lb for lb in sorted(n["labels"]) if lb in _IDENTITY) for n in nodes}
    papers = sorted(
        (n for n in nodes if "Paper" in n["labels"]), key=lambda n: n["props"]["matchKey"]
    )
    part = {n["id"]: i // batch for i, n in enumerate(papers)}
    for e in edges:  # a paper's concept, method, author … first written with the first paper
        for paper, other in ((e["a"], e["b"]), (e["b"], e["a"])):
            if label[paper] == "Paper" and label[other] != "Paper":
                part[other] = min(part.get(other, part[paper]), part[paper])
    statements: dict[tuple[int, str], list[Any]] = {}
    for n in nodes:
        key = label[n["id"]]
        merged = ", ".join(f"`{k}`: r.`{k}`" for k in _IDENTITY[key])
        more = "".join(f":`{lb}`" for lb in sorted(n["labels"]) if lb != key)
        statement = f"UNWIND $rows AS r MERGE (n:`{key}` {{{merged}}}) SET n += r" + (
            f" SET n{more}" if more else ""
        )
        statements.setdefault((part.get(n["id"], 0), statement), []).append(n["props"])
    for e in edges:
        ends = [(label[e[end]], by_id[e[end]]["props"]) for end in ("a", "b")]
        matches = [
            f"MATCH ({end}:`{key}` {{"
            + ", ".join(f"`{k}`: r.{end}[{i}]" for i, k in enumerate(_IDENTITY[key]))
            + "})"
            for end, (key, _) in zip("ab", ends, strict=True)
        ]
        statement = (
            f"UNWIND $rows AS r {' '.join(matches)} MERGE (a)-[e:`{e['type']}`]->(b) SET e += r.p"
        )
        row = {
            "a": [ends[0][1][k] for k in _IDENTITY[ends[0][0]]],
            "b": [ends[1][1][k] for k in _IDENTITY[ends[1][0]]],
            "p": e["props"],
        }
        at = max(part.get(e["a"], 0), part.get(e["b"], 0))
        statements.setdefault((at, statement), []).append(row)
    parts = 1 + max((at for at, _ in statements), default=0)
    ordered = sorted(statements.items(), key=lambda item: (item[0][0], "MATCH" in item[0][1]))
    return [[(st, rows) for (at, st), rows in ordered if at == i] for i in range(parts)]


def _run_in(
    tree: Path, args: Sequence[str], *, env: dict[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` run from ``tree``, importing that tree's code first."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=tree,
        env={**env, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def _child_json(tree: Path, args: Sequence[str], *, env: dict[str, str]) -> dict[str, Any]:
    done = _run_in(tree, args, env=env, timeout=3600)
    if done.returncode != 0:
        raise RuntimeError(f"the write child exited {done.returncode}: {done.stderr[-1500:]}")
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


# --- one paper --------------------------------------------------------------------------------

ABSTRACT = (
    "We propose SparGT-{n}, a sparse graph transformer that scales attention to large graphs "
    "by sampling neighbourhoods, and evaluate it on node classification benchmarks."
)


async def _settle(settings: Settings) -> None:
    """Place the written graph's concepts and compute its topics, as a load does: the timed
    one-paper loads then find a settled graph, as a user's would."""
    from graph.hierarchy import refresh_hierarchy
    from graph.topics import refresh_topics

    async with async_driver(settings) as driver:
        await refresh_hierarchy(driver, database=settings.neo4j_database)
        await refresh_topics(driver, database=settings.neo4j_database)


def _one_paper(
    settings: Settings, trees: dict[str, Path], *, reps: int, scratch: Path
) -> dict[str, Any]:
    found: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    for rep in range(reps):
        for name, tree in trees.items():
            paper = scratch / f"{name}-{rep}.jsonl"
            text = ABSTRACT.format(n=f"{name}{rep}{time.time_ns()}")
            paper.write_text(json.dumps({"title": "SparGT", "abstract": text}) + "\n")
            for what, seconds in _commands(settings, tree, paper).items():
                found[name].setdefault(what, []).append(seconds)
    return {name: {w: round(min(s), 2) for w, s in runs.items()} for name, runs in found.items()}


def _commands(settings: Settings, tree: Path, paper: Path) -> dict[str, float]:
    env = child_env(settings)
    down = {**env, "NEO4J_URI": "bolt://127.0.0.1:9"}
    return {
        "help": _timed(["-m", "papergraph", "--help"], env=env, tree=tree),
        "extract": _timed(["-m", "papergraph", "extract", str(paper)], env=env, tree=tree),
        "load": _timed(["-m", "papergraph", "load", str(paper)], env=env, tree=tree),
        "down": _timed(["-m", "papergraph", "load", str(paper)], env=down, tree=tree, ok=1),
    }


def _timed(args: Sequence[str], *, env: dict[str, str], tree: Path, ok: int = 0) -> float:
    """Seconds ``python ARGS`` takes run from ``tree`` (whose code it imports first)."""
    started = time.perf_counter()
    done = _run_in(tree, args, env=env, timeout=600)
    seconds = time.perf_counter() - started
    if done.returncode != ok:
        raise RuntimeError(f"{' '.join(args)} exited {done.returncode}: {done.stderr[-800:]}")
    return seconds


def _archive(rev: str, target: Path) -> Path:
    target.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", rev], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    return target


# --- bulk first load ----------------------------------------------------------------------------


def run_bulk(settings: Settings, *, papers: int) -> dict[str, Any]:
    """The same rows first-loaded online and in bulk into an empty graph, both timed from
    the extracted rows to the settled graph."""
    started = time.strftime("%Y-%m-%dT%H:%M:%S")
    rows = _synthetic_rows(papers)
    online_s, online = asyncio.run(_first_load_online(settings, rows))
    phases: dict[str, float] = {}
    bulk_s, bulk = asyncio.run(_first_load_bulk(settings, rows, phases))
    written = sum(len(batch) for batch in rows)
    return {
        "started": started,
        "papers": written,
        "online_s": online_s,
        "bulk_s": bulk_s,
        "bulk_phases_s": phases,
        "papers_per_s": {
            "online": round(written / online_s["total"], 1),
            "bulk": round(written / bulk_s, 1),
        },
        "nodes": len(online["nodes"]),
        "edges": len(online["edges"]),
        "same_graph": online == bulk,
        "speedup": round(online_s["total"] / bulk_s, 2),
        # the steps after a load (resolution, hierarchy, topics) are the same code on both sides
        "speedup_writes": round(online_s["writes"] / (bulk_s - phases["after_load"]), 2),
    }


def _synthetic_rows(papers: int) -> list[list[Any]]:
    from bench.scale import generate, read_pool
    from loaders.assemble import build_row, candidates, chunks, unique_ids
    from loaders.extraction.simple import SimpleExtractor
    from loaders.readers import read_corpus
    from loaders.records import PaperRecord

    with tempfile.TemporaryDirectory(prefix="bulk-corpus-") as folder:
        corpus = Path(folder) / "synthetic.jsonl"
        corpus.write_text("".join(json.dumps(p) + "\n" for p in generate(read_pool(), papers)))
        records = [r for r in read_corpus(corpus) if isinstance(r, PaperRecord)]
    extractor = SimpleExtractor()
    todo, _ = unique_ids(candidates(records))
    rows = []
    for part in chunks(todo, BATCH):
        found = extractor.extract([c.document() for c in part])
        rows.append(
            [
                build_row(c, e, extractor_version=extractor.version)
                for c, e in zip(part, found, strict=True)
            ]
        )
    return rows


async def _first_load_online(
    settings: Settings, rows: list[list[Any]]
) -> tuple[dict[str, float], dict[str, Any]]:
    from graph.hierarchy import refresh_hierarchy
    from graph.schema import ensure_schema
    from graph.writes import clear_graph, upsert_papers
    from papergraph.usecases.ingest import count_and_group, settle_graph

    db = settings.neo4j_database
    async with async_driver(settings) as driver:
        await clear_graph(driver, database=db)
        await ensure_schema(driver, database=db)
        started = time.perf_counter()
        for batch in rows:
            await upsert_papers(driver, database=db, papers=batch)
        await settle_graph(driver, database=db)
        writes = time.perf_counter() - started
        await refresh_hierarchy(driver, database=db)
        await count_and_group(driver, database=db, written=sum(map(len, rows)))
        total = time.perf_counter() - started
        return {"writes": round(writes, 2), "total": round(total, 2)}, await _dump(driver, db)


async def _first_load_bulk(
    settings: Settings, rows: list[list[Any]], phases: dict[str, float]
) -> tuple[float, dict[str, Any]]:
    from graph.writes import clear_graph
    from papergraph.cli.bulk_load import bulk_write

    db = settings.neo4j_database
    async with async_driver(settings) as driver:
        await clear_graph(driver, database=db)
        started = time.perf_counter()
        await bulk_write(rows, driver=driver, settings=settings, dimensions=384, phases=phases)
        seconds = time.perf_counter() - started
        return round(seconds, 2), await _dump(driver, db)


async def _dump(driver: Any, database: str) -> dict[str, Any]:
    """The tests' fingerprint of the graph: every node and edge by labels, keys, properties."""
    volatile = {"computedAt", "relatedStale", "orphanCheck", "pair"}

    def frozen(props: dict[str, Any]) -> tuple[tuple[str, str], ...]:
        return tuple(sorted((k, repr(_rounded(v))) for k, v in props.items() if k not in volatile))

    nodes, _, _ = await driver.execute_query(
        "MATCH (n) RETURN labels(n) AS l, properties(n) AS p, elementId(n) AS e", database_=database
    )
    names = {r["e"]: f"{min(r['l'])}:{r['p'].get('key', r['p'].get('id'))}" for r in nodes}
    edges, _, _ = await driver.execute_query(
        "MATCH (a)-[r]->(b) RETURN elementId(a) AS a, type(r) AS t, properties(r) AS p, "
        "elementId(b) AS b",
        database_=database,
    )
    return {
        "nodes": {(tuple(sorted(r["l"])), frozen(r["p"])) for r in nodes},
        "edges": {(names[r["a"]], r["t"], names[r["b"]], frozen(r["p"])) for r in edges},
    }


def _rounded(value: Any) -> Any:
    """A float to 9 decimals: a HAS_TOPIC weight sums its paper's mention scores in the order
    the store keeps the edges, which an imported store orders otherwise, so the two sums may
    differ in the last bit."""
    return round(value, 9) if isinstance(value, float) else value


# --- extraction against its floor -------------------------------------------------------------


def _floor(settings: Settings, *, papers: int) -> dict[str, Any]:
    from loaders.extraction import Document, KeyBertExtractor, load_minilm, prepare
    from loaders.readers import read_corpus
    from loaders.records import PaperRecord

    records = [r for r in read_corpus(ICLR2024) if isinstance(r, PaperRecord)][-papers:]
    docs = [Document(text=r.abstract, title=r.title) for r in records]
    with tempfile.TemporaryDirectory(prefix="floor-") as scratch:
        models = Path(scratch)
        for prepared in (settings.home / "models").iterdir():  # every model, but no phrase
            if not prepared.name.startswith("phrases-"):
                (models / prepared.name).symlink_to(prepared)
        extractor = KeyBertExtractor(model_dir=models)
        extractor.load()
        started = time.perf_counter()
        for i in range(0, len(docs), 64):
            extractor.extract(docs[i : i + 64])
        extract_s = time.perf_counter() - started
        minilm = load_minilm(models)
        phrases = _cached_phrases(models / f"phrases-{minilm.name}.sqlite")
        texts = [prepare(d).text for d in docs]
        abstracts_s = _seconds(lambda: minilm.encode(texts))
        phrases_s = _seconds(lambda: minilm.encode(phrases))
        fast = _fast_floor(models, docs, texts, phrases, minilm_s=abstracts_s)
    floor = abstracts_s + phrases_s
    return {
        "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "machine": machine_info(),
        "papers": len(docs),
        "phrases": len(phrases),
        "extract_s": round(extract_s, 2),
        "floor_s": round(floor, 2),
        "abstracts_s": round(abstracts_s, 2),
        "phrases_s": round(phrases_s, 2),
        "over_floor": round(extract_s / floor, 2),
        "fast": fast,
    }


def _fast_floor(
    models: Path, docs: Sequence[Any], texts: list[str], phrases: list[str], *, minilm_s: float
) -> dict[str, Any]:
    """``--fast`` on ``docs`` over its own floor: the tagger's pass over the prepared
    ``texts``, the static model's over them and over ``phrases`` (the candidates the default
    run embedded: both modes find the same ones), and MiniLM's over them (``minilm_s``)."""
    from loaders.extraction import KeyBertExtractor, load_static_model, load_tagger

    extractor = KeyBertExtractor(model_dir=models, fast=True)
    extractor.load()
    extract_s = _seconds(
        lambda: [extractor.extract(docs[i : i + 64]) for i in range(0, len(docs), 64)]
    )
    tagger, static = load_tagger(), load_static_model()
    tag_s = _seconds(lambda: list(tagger.pipe(texts, batch_size=64)))
    static_s = _seconds(lambda: static.encode(texts)) + _seconds(lambda: static.encode(phrases))
    floor = tag_s + static_s + minilm_s
    return {
        "extract_s": round(extract_s, 2),
        "floor_s": round(floor, 2),
        "tag_s": round(tag_s, 2),
        "static_s": round(static_s, 2),
        "minilm_abstracts_s": round(minilm_s, 2),
        "over_floor": round(extract_s / floor, 2),
    }


def _seconds(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def _cached_phrases(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [row[0] for row in db.execute("SELECT phrase FROM phrases")]


# --- extraction workers ---------------------------------------------------------------------


def _workers(*, papers: int, reps: int) -> dict[str, Any]:
    """Papers/s of the load's extractor with each of :data:`WORKER_COUNTS` worker processes
    on the same ``papers`` abstracts, alternating, ``reps`` times each (best of each kept)."""
    docs = _abstracts(papers)
    seconds: dict[int, list[float]] = {n: [] for n in WORKER_COUNTS}
    for rep in range(reps):
        order = WORKER_COUNTS if rep % 2 == 0 else tuple(reversed(WORKER_COUNTS))
        for workers in order:
            seconds[workers].append(_extracted_in(docs, workers=workers))
    rates = {n: round(papers / min(s), 2) for n, s in seconds.items()}
    first, second = WORKER_COUNTS
    return {
        "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "machine": machine_info(),
        "papers": papers,
        "batch": WORKER_BATCH,
        "seconds": {str(n): [round(x, 2) for x in s] for n, s in seconds.items()},
        "papers_per_s": {str(n): rate for n, rate in rates.items()},
        "scaling": round(rates[second] / rates[first], 2),
        "target": SCALING_TARGET,
    }


def _abstracts(papers: int) -> list[Any]:
    from loaders.extraction import Document
    from loaders.readers import read_corpus
    from loaders.records import PaperRecord

    records = [r for r in read_corpus(ICLR2024) if isinstance(r, PaperRecord)]
    # papers the floor part does not read (it takes the last ones), and a warm-up before them
    chosen = records[: _WARM + papers]
    return [Document(text=r.abstract, title=r.title) for r in chosen]


def _extracted_in(docs: Sequence[Any], *, workers: int) -> float:
    """Seconds ``workers`` processes take to extract ``docs`` (after a few warm-up papers
    per worker, so every worker has loaded its models), with an empty phrase cache."""
    from loaders.extraction import process_extractor

    warm, timed = docs[:_WARM], docs[_WARM:]
    with tempfile.TemporaryDirectory(prefix="workers-") as scratch:
        models = _models_without_phrases(Path(scratch))
        with process_extractor(workers=workers, model_dir=models, device="cpu") as extractor:
            for job in [extractor.submit(warm[i : i + 4]) for i in range(0, len(warm), 4)]:
                job.result()
            started = time.perf_counter()
            jobs = [
                extractor.submit(timed[i : i + WORKER_BATCH])
                for i in range(0, len(timed), WORKER_BATCH)
            ]
            for job in jobs:
                job.result()
            return time.perf_counter() - started


def _models_without_phrases(folder: Path) -> Path:
    """``folder`` holding every prepared model of the default home, but no phrase cache."""
    from loaders.extraction import models_home

    for prepared in models_home().iterdir():
        if not prepared.name.startswith("phrases-"):
            (folder / prepared.name).symlink_to(prepared)
    return folder


# --- report -----------------------------------------------------------------------------------


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    """Each target beside its baseline (the parts the result holds)."""
    rows: list[list[object]] = []
    if "write" in result:
        rows += _write_rows(result["write"])
    for name, runs in result.get("one_paper", {}).items():
        rows.append(
            [
                f"one-paper load, s ({name})",
                runs["load"],
                f"--help {runs['help']}, extract {runs['extract']}, Neo4j down {runs['down']}",
                "target <= 5 s and <= 2x (--help + one extraction)",
            ]
        )
    if "floor" in result:
        floor = result["floor"]
        rows.append(
            [
                "default extraction over MiniLM floor",
                f"{floor['over_floor']}x",
                f"{floor['extract_s']} s vs {floor['floor_s']} s",
                f"target <= 1.3x; {floor['papers']} abstracts, {floor['phrases']} uncached phrases",
            ]
        )
        if "fast" in floor:
            fast = floor["fast"]
            rows.append(
                [
                    "--fast extraction over its floor",
                    f"{fast['over_floor']}x",
                    f"{fast['extract_s']} s vs {fast['floor_s']} s",
                    f"target <= 1.3x; floor: tagging {fast['tag_s']} s, static model "
                    f"{fast['static_s']} s, MiniLM over the abstracts {fast['minilm_abstracts_s']} s; "
                    f"beyond MiniLM {fast['extract_s'] - fast['minilm_abstracts_s']:.2f} s vs "
                    f"{fast['tag_s'] + fast['static_s']:.2f} s",
                ]
            )
    if "bulk" in result:
        rows.append(bulk_row(result["bulk"]))
    if "workers" in result:
        rows.append(_workers_row(result["workers"]))
    return rows


def bulk_row(bulk: dict[str, Any]) -> list[object]:
    """The bulk first load beside the online one."""
    rate = bulk["papers_per_s"]
    return [
        "bulk first load over online, same input",
        f"{bulk['speedup']}x ({bulk['speedup_writes']}x before the common after-load steps)",
        f"{rate['bulk']} vs {rate['online']} papers/s",
        f"target >= 100x at 1,000,000; {bulk['papers']} papers, same graph: {bulk['same_graph']}",
    ]


def update_bulk(bulk: dict[str, Any]) -> Path:
    """Put a bulk section run alone into the current results file (the other sections keep
    the figures of their own last run)."""
    from bench.common import RESULTS

    result = json.loads((RESULTS / "throughput.json").read_text())
    result["bulk"], result["bulk_speedup"] = bulk, bulk["speedup"]
    return write(result)


def _write_rows(write: dict[str, Any]) -> list[list[object]]:
    rates = write["papers_per_s"]
    rows: list[list[object]] = [
        [
            "online write, papers/s",
            f"{rates['after']} (before: {rates.get('before', '-')})",
            f"{write['speedup']}x" if "speedup" in write else "-",
            f"target >= 10x; {write['papers']} papers, same graph: {write.get('same_graph', '-')}",
        ]
    ]
    if "over_floor" in write:
        rows.append(
            [
                "online write over Neo4j's own MERGE of the same graph",
                f"{write['over_floor']}x",
                f"{rates['after']} vs {rates['floor']} papers/s",
                f"{write['nodes']} nodes, {write['edges']} edges, same schema; "
                f"same graph: {write['floor_same_graph']}",
            ]
        )
    return rows


def _workers_row(workers: dict[str, Any]) -> list[object]:
    rates = workers["papers_per_s"]
    return [
        "extraction papers/s, 2 workers over 1",
        f"{workers['scaling']}x",
        " vs ".join(f"{rate} ({n} worker{'s' * (n != '1')})" for n, rate in rates.items()),
        f"target >= {workers['target']}x; {workers['papers']} abstracts, empty phrase cache",
    ]


def write(result: dict[str, Any]) -> Path:
    """``throughput.json`` and ``throughput.md``: the parts ``result`` holds replace those of
    the last run's file, whose other parts stay (each part says when it ran)."""
    previous = RESULTS / "throughput.json"
    merged = {**json.loads(previous.read_text()), **result} if previous.is_file() else result
    table = markdown_table(["measure", "value", "beside it", "note"], table_rows(merged))
    return write_results("throughput", merged, table)
