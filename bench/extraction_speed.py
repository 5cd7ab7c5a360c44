"""Throughput and peak memory of papergraph's keyphrase extractor.

Usage (from the repository root)::

    python bench/extraction_speed.py [--papers 2000] [--batch 500] [--data ../shared/data/iclr2025.jsonl.gz]

Model loading (and the one-time distillation, timed separately) is excluded from papers/s;
peak RSS covers the whole process. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import gzip
import json
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from loaders.extraction import Document, keybert_extractor

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "iclr2025.jsonl.gz"


def load_documents(path: Path, limit: int) -> list[Document]:
    """The first ``limit`` papers of a gzip JSONL corpus as documents (author keywords dropped)."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        papers = [json.loads(line) for line, _ in zip(fh, range(limit))]
    return [Document(text=p["abstract"], title=p["title"]) for p in papers]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--papers", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--model-dir", type=Path, default=None)
    args = parser.parse_args()
    docs = load_documents(args.data, args.papers)
    extractor = keybert_extractor(model_dir=args.model_dir)
    started = time.perf_counter()
    extractor.extract(docs[:2])  # loads (and if needed distills) the models
    load_seconds = time.perf_counter() - started
    started = time.perf_counter()
    results = []
    for i in range(0, len(docs), args.batch):
        results.extend(extractor.extract(docs[i : i + args.batch]))
    seconds = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        json.dumps(
            {
                "extractor": extractor.version,
                "papers": len(results),
                "batch": args.batch,
                "seconds": round(seconds, 2),
                "papers_per_s": round(len(results) / seconds, 1),
                "model_load_seconds": round(load_seconds, 2),
                "peak_rss_mb": round(peak_mb, 1),
                "peak_rss_child_mb": round(children_mb, 1),
                "concepts_per_paper": round(
                    sum(len(r.concepts) for r in results) / len(results), 2
                ),
                "proposes_per_paper": round(
                    sum(len(r.proposes) for r in results) / len(results), 2
                ),
                "uses_per_paper": round(sum(len(r.uses) for r in results) / len(results), 2),
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
