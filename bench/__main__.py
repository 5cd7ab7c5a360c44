"""`python -m bench [--quick] [--only ingest,quality,api,peers,export,rules,kinds,retrieval,throughput,structure,bulk]`: every benchmark in one run.

``throughput.PART`` runs one part of the throughput section (``throughput.workers``: no Neo4j).

Each section writes its own result file, ``bench/results/<section>.json`` and ``.md`` (the
rules section ``graph-rules``), overwriting the last run's: the machine, the start time and the
section's numbers, and the table the README quotes. The summary of every section run is printed.
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import nullcontext
from typing import Any

from bench import (
    api,
    export_bench,
    graph_rules,
    ingest,
    kinds,
    peer_graphql,
    quality,
    retrieval,
    structure,
    throughput,
)
from bench.common import bench_neo4j, machine_info, markdown_table, write_results

SECTIONS = (
    "ingest",
    "quality",
    "api",
    "peers",
    "export",
    "rules",
    "kinds",
    "retrieval",
    "throughput",
    "structure",
    "bulk",
)
#: Papers of the bulk first-load comparison (throughput's bulk part): the full size is what both
#: sides load in about ten minutes on a busy two-core machine.
BULK_QUICK, BULK_FULL = 300, 2000
HEADER = ["measure", "median", "spread (min–max)", "note"]


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small N, short runs (CI)")
    parser.add_argument("--only", default=",".join(SECTIONS), help="comma-separated sections")
    parser.add_argument("--papers", type=int, default=None, help="N papers (default 2000)")
    parser.add_argument("--reps", type=int, default=None, help="repetitions (default 5)")
    parser.add_argument(
        "--baseline",
        default=None,
        help="a git revision whose commands throughput times beside this tree's",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    sections = [s for s in args.only.split(",") if s]
    parts = [s.split(".", 1)[1] for s in sections if s.startswith("throughput.")]
    if "throughput" in sections:
        parts = list(throughput.PARTS)
    sections = [s for s in sections if not s.startswith("throughput.")]
    offline = {"kinds"} if set(parts) - {"workers"} else {"kinds", "throughput"}
    if parts:
        sections.append("throughput")
    reps = args.reps or (1 if args.quick else 5)
    papers = args.papers or (60 if args.quick else 2000)
    served = args.papers or (200 if args.quick else 2000)  # graph size for api and peers
    run: dict[str, Any] = {
        "machine": machine_info(),
        "quick": args.quick,
        "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    rows: list[list[object]] = []

    def record(name: str, result: dict[str, Any], section_rows: list[list[object]]) -> None:
        rows.extend(section_rows)
        write_results(name, {**run, name: result}, markdown_table(HEADER, section_rows))

    if "kinds" in sections:  # extraction only: no Neo4j
        found = kinds.run(per_corpus=args.papers or (100 if args.quick else 500))
        kinds.write(found)
        rows += kinds.table_rows(found)
    with bench_neo4j() if set(sections) - offline else nullcontext() as settings:
        if "ingest" in sections:
            baseline = 10 if args.quick else 100
            result = ingest.run(settings, papers=papers, baseline_papers=baseline, reps=reps)
            record("ingest", result, ingest.table_rows(result))
        if "quality" in sections:
            result = quality.run(
                settings, limit=30 if args.quick else None, iclr=30 if args.quick else 300
            )
            rows.extend(quality.table_rows(result))
            summary = markdown_table(HEADER, quality.table_rows(result))
            detail = quality.detail_table(result)
            write_results("quality", {**run, "quality": result}, f"{summary}\n\n{detail}")
        if "api" in sections:
            result = api.run(settings, papers=served, reps=reps, quick=args.quick)
            record("api", result, api.table_rows(result))
        if "peers" in sections:
            result = peer_graphql.run(settings, papers=served, reps=reps, quick=args.quick)
            record("peers", result, peer_graphql.table_rows(result))
        if "export" in sections:
            result = export_bench.run_repeated(settings, papers=served, reps=reps)
            record("export", result, export_bench.table_rows(result))
        if "throughput" in sections:  # writes throughput.json and .md itself
            found = throughput.run(
                settings,
                papers=args.papers or (300 if args.quick else 2000),
                reps=args.reps or (1 if args.quick else 2),
                extract=20 if args.quick else 200,
                baseline=args.baseline,
                bulk=BULK_QUICK if args.quick else BULK_FULL,
                parts=parts,
            )
            throughput.write(found)
            rows += throughput.table_rows(found)
        elif "bulk" in sections:  # throughput's bulk part alone, into throughput.json
            bulk = throughput.run_bulk(settings, papers=BULK_QUICK if args.quick else BULK_FULL)
            throughput.update_bulk(bulk)
            rows.append(throughput.bulk_row(bulk))
        if "retrieval" in sections:
            result = retrieval.run(settings, papers=100 if args.quick else 1000)
            rows.extend(retrieval.table_rows(result))
            write_results("retrieval", {**run, **result}, retrieval.table(result))
        if "structure" in sections:  # writes structure.json, .md and the two sheets itself
            found = structure.run(settings, papers=args.papers or (100 if args.quick else 1000))
            rows += structure.table_rows(found)
        if "rules" in sections:  # writes graph-rules.json and .md itself
            found = graph_rules.run(settings, limit=papers if args.quick else None)
            rows += graph_rules.table_rows(found)
    print(markdown_table(HEADER, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
