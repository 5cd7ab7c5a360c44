"""Export benchmark: seconds and peak RSS to export the full graph to GraphML and node-link JSON.

`python -m bench.export_bench [--papers 2000] [--env]` loads N papers of ICLR 2025 with the quick
deterministic SimpleExtractor (the graph's shape, not extraction quality, matters here) into an
emptied graph, then runs each export in a child process (`export_file`, the same work as
`papergraph export`: the full graph streamed to the file), timed wall-clock and with the child's
own peak RSS. Uses the bench
Neo4j (port 47687) unless --env, which takes NEO4J_URI etc. from the environment.
Prints the JSON result and a markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from bench.common import bench_neo4j, child_env, markdown_table, run_child, summary
from bench.corpora import ICLR2025
from graph.connection import async_driver
from graph.schema import ensure_schema
from graph.writes import clear_graph, graph_counts
from loaders.pipeline import extract_and_write, read_corpora
from papergraph.settings import Settings, load_settings
from papergraph.usecases.ingest import settle_graph

FORMATS = ("graphml", "json")


async def load(settings: Settings, papers: int) -> dict[str, int]:
    from loaders.extraction.simple import SimpleExtractor

    read = read_corpora([ICLR2025], limit=papers)
    async with async_driver(settings) as driver:
        database = settings.neo4j_database
        await ensure_schema(driver, database=database)
        await clear_graph(driver, database=database)
        await extract_and_write(
            read.records, driver=driver, database=database, extractor=SimpleExtractor()
        )
        await settle_graph(driver, database=database)
        counts = await graph_counts(driver, database=database)
    return {
        "papers": counts.papers,
        "concepts": counts.concepts,
        "methods": counts.methods,
        "relationships": counts.mentions + counts.proposes + counts.uses + counts.related_to,
    }


def child(fmt: str, output: Path) -> None:
    """In the child process: export and report the graph size."""
    from graph.export import export_file

    written = export_file(load_settings(), output, fmt)  # type: ignore[arg-type]
    sizes = {"nodes": written.nodes, "edges": written.edges, "bytes": output.stat().st_size}
    print(json.dumps(sizes))


def measure(settings: Settings, fmt: str, folder: Path) -> dict[str, Any]:
    output = folder / f"graph.{fmt}"
    run = run_child(
        ["-m", "bench.export_bench", "--child", fmt, str(output)], env=child_env(settings)
    )
    if run.returncode != 0:
        raise RuntimeError(f"export to {fmt} failed:\n{run.stderr[-2000:]}")
    out = json.loads(run.stdout.strip().splitlines()[-1])
    return {
        "format": fmt,
        "seconds": round(run.seconds, 2),
        "peak_rss_mb": round(run.peak_rss_mb),
        "nodes": out["nodes"],
        "edges": out["edges"],
        "file_mb": round(out["bytes"] / 2**20, 1),
    }


def run(settings: Settings, papers: int) -> dict[str, Any]:
    graph = asyncio.run(load(settings, papers))
    with tempfile.TemporaryDirectory() as folder:
        exports = [measure(settings, fmt, Path(folder)) for fmt in FORMATS]
    return {"requested_papers": papers, "graph": graph, "exports": exports}


def table(result: dict[str, Any]) -> str:
    rows = [
        [
            e["format"],
            e["nodes"],
            e["edges"],
            e["seconds"],
            e["peak_rss_mb"],
            e["file_mb"],
        ]
        for e in result["exports"]
    ]
    return markdown_table(["format", "nodes", "edges", "total s", "peak RSS MB", "file MB"], rows)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.export_bench", description=__doc__)
    parser.add_argument("--papers", type=int, default=2000)
    parser.add_argument("--env", action="store_true", help="use NEO4J_URI from the environment")
    parser.add_argument("--child", nargs=2, metavar=("FORMAT", "OUTPUT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], Path(args.child[1]))
        return 0
    with nullcontext(load_settings()) if args.env else bench_neo4j() as settings:
        result = run(settings, args.papers)
    print(json.dumps(result, indent=2))
    print(table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


def run_repeated(settings: Settings, papers: int, reps: int) -> dict[str, Any]:
    """Load once, then export to each format ``reps`` times (the bench runner's "export")."""
    graph = asyncio.run(load(settings, papers))
    runs: dict[str, list[dict[str, Any]]] = {fmt: [] for fmt in FORMATS}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(reps):
            for fmt in FORMATS:
                runs[fmt].append(measure(settings, fmt, Path(folder)))
    return {
        "graph": graph,
        "formats": {
            fmt: {
                "seconds": summary([r["seconds"] for r in rs]),
                "peak_rss_mb": summary([r["peak_rss_mb"] for r in rs]),
                "nodes": rs[0]["nodes"],
                "edges": rs[0]["edges"],
                "file_mb": rs[0]["file_mb"],
            }
            for fmt, rs in runs.items()
        },
    }


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    rows: list[list[object]] = []
    for fmt, r in result["formats"].items():
        ok = r["seconds"]["max"] < 60 and r["peak_rss_mb"]["max"] < 1024
        rows.append(
            [
                f"export full graph to {fmt} ({r['nodes']} nodes, {r['edges']} edges) s",
                r["seconds"]["median"],
                f"{r['seconds']['min']}–{r['seconds']['max']}",
                f"peak {r['peak_rss_mb']['max']:.0f} MB; target < 60 s, < 1 GB: "
                + ("met" if ok else "MISSED"),
            ]
        )
    return rows
