"""Reading the shared ICLR corpora for benchmarks (never copied into the repo)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from bench.common import SHARED

ICLR2025 = SHARED / "data" / "iclr2025.jsonl.gz"
ICLR2024 = SHARED / "data" / "iclr2024.jsonl.gz"


def read_papers(path: Path, limit: int | None = None) -> list[dict[str, Any]]:
    """The first ``limit`` records of a gzip JSON Lines corpus."""
    papers = []
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            papers.append(json.loads(line))
            if limit is not None and len(papers) >= limit:
                break
    return papers
