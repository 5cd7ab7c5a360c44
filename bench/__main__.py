"""`python -m bench [--quick] [--only ingest,quality,api,peers,export,rules,kinds,throughput]`: every benchmark in one run.

Writes bench/results/latest.json and bench/results/latest.md (the table the README quotes).
"""

from __future__ import annotations

import argparse
import json
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
    throughput,
)
from bench.common import RESULTS, bench_neo4j, machine_info, markdown_table

SECTIONS = ("ingest", "quality", "api", "peers", "export", "rules", "kinds", "throughput")


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
    reps = args.reps or (1 if args.quick else 5)
    papers = args.papers or (60 if args.quick else 2000)
    served = args.papers or (200 if args.quick else 2000)  # graph size for api and peers
    results: dict[str, Any] = {
        "machine": machine_info(),
        "quick": args.quick,
        "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    rows: list[list[object]] = []
    if "kinds" in sections:  # extraction only: no Neo4j
        results["kinds"] = kinds.run(per_corpus=args.papers or (100 if args.quick else 500))
        kinds.write(results["kinds"])
        rows += kinds.table_rows(results["kinds"])
    with bench_neo4j() if set(sections) - {"kinds"} else nullcontext() as settings:
        if "ingest" in sections:
            baseline = 10 if args.quick else 100
            results["ingest"] = ingest.run(
                settings, papers=papers, baseline_papers=baseline, reps=reps
            )
            rows += ingest.table_rows(results["ingest"])
        if "quality" in sections:
            results["quality"] = quality.run(
                settings, limit=30 if args.quick else None, iclr=30 if args.quick else 300
            )
            rows += quality.table_rows(results["quality"])
        if "api" in sections:
            results["api"] = api.run(settings, papers=served, reps=reps, quick=args.quick)
            rows += api.table_rows(results["api"])
        if "peers" in sections:
            results["peers"] = peer_graphql.run(
                settings, papers=served, reps=reps, quick=args.quick
            )
            rows += peer_graphql.table_rows(results["peers"])
        if "export" in sections:
            results["export"] = export_bench.run_repeated(settings, papers=served, reps=reps)
            rows += export_bench.table_rows(results["export"])
        if "throughput" in sections:
            results["throughput"] = throughput.run(
                settings,
                papers=args.papers or (300 if args.quick else 2000),
                reps=args.reps or (1 if args.quick else 2),
                extract=20 if args.quick else 200,
                baseline=args.baseline,
            )
            throughput.write(results["throughput"])
            rows += throughput.table_rows(results["throughput"])
        if "rules" in sections:
            results["rules"] = graph_rules.run(settings, limit=papers if args.quick else None)
            rows += graph_rules.table_rows(results["rules"])
    table = markdown_table(["measure", "median", "spread (min–max)", "note"], rows)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "latest.json").write_text(json.dumps(results, indent=2))
    (RESULTS / "latest.md").write_text(table + "\n")
    print(json.dumps(results, indent=2))
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
