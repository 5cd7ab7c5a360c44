"""The naive ingest a user would write first: KeyBERT's default ``extract_keywords`` per paper
(default n-gram candidates, the same MiniLM model) and one Neo4j round trip per paper.

Run as a child of ``bench.ingest``; prints one JSON object: papers, model_load_seconds,
steady_seconds (extraction + writes, model load excluded).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from bench.corpora import read_papers
from graph.connection import sync_driver
from graph.cypher import query
from papergraph.settings import load_settings

WRITE = query("bench_naive_write_paper")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--papers", type=int, default=100)
    args = parser.parse_args()
    papers = read_papers(args.data, args.papers)
    started = time.perf_counter()
    from keybert import KeyBERT
    from sentence_transformers import SentenceTransformer

    from loaders.extraction import minilm_path

    keybert = KeyBERT(model=SentenceTransformer(str(minilm_path()), device="cpu"))
    load_seconds = time.perf_counter() - started
    settings = load_settings()
    started = time.perf_counter()
    with sync_driver(settings) as driver:
        for paper in papers:
            keywords = keybert.extract_keywords(paper["abstract"], top_n=10)
            rows = [
                {"key": k, "name": k, "score": float(s), "rank": i}
                for i, (k, s) in enumerate(keywords, start=1)
            ]
            driver.execute_query(
                WRITE,
                id=paper["id"],
                abstract=paper["abstract"],
                title=paper["title"],
                keyphrases=rows,
                database_=settings.neo4j_database,
            )
    print(
        json.dumps(
            {
                "papers": len(papers),
                "model_load_seconds": round(load_seconds, 2),
                "steady_seconds": round(time.perf_counter() - started, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
