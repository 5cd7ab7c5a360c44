"""The domain corpus the extractor's tables are built from, and the command line that builds one.

The corpus is the ICLR 2021 and 2025 titles and abstracts in ``../shared/data`` (never ICLR
2024, which the quality benchmark scores), lowercased, and the abstracts as written; of them,
ICLR 2021 carries its authors' keywords. Only counts leave it: a table lists words and phrases, no text.
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections.abc import Callable, Iterator
from pathlib import Path

__all__ = ["CORPORA", "abstracts", "build_table", "keyworded", "texts"]

CORPORA = ("iclr2021.jsonl.gz", "iclr2025.jsonl.gz")
#: The corpus whose papers list their authors' keywords.
KEYWORDED = "iclr2021.jsonl.gz"


def texts(data: Path) -> Iterator[str]:
    """Each paper's ``title. abstract``, lowercased."""
    for paper in _papers(data):
        yield f"{paper['title']}. {paper['abstract']}".lower()


def abstracts(data: Path) -> Iterator[str]:
    """Each paper's abstract as written (the table of words written in capitals needs the
    case, and leaves out titles, which may be all capitals)."""
    for paper in _papers(data):
        yield paper["abstract"]


def _papers(data: Path) -> Iterator[dict[str, str]]:
    for name in CORPORA:
        with gzip.open(data / name, "rt", encoding="utf-8") as handle:
            for line in handle:
                yield json.loads(line)


def keyworded(data: Path) -> Iterator[tuple[str, list[str]]]:
    """Each paper with author keywords as ``(title. abstract, keywords)``, lowercased."""
    with gzip.open(data / KEYWORDED, "rt", encoding="utf-8") as handle:
        for line in handle:
            paper = json.loads(line)
            if paper["keywords"]:
                text = f"{paper['title']}. {paper['abstract']}".lower()
                yield text, [k.lower() for k in paper["keywords"]]


def build_table(
    build: Callable[[Path], dict[str, object]], table: Path, *, description: str | None
) -> None:
    """Write ``build(data)`` to ``table`` as JSON, or with ``--check`` exit non-zero when the
    shipped file differs from a fresh build."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    text = json.dumps(build(args.data), indent=0, ensure_ascii=False) + "\n"
    if args.check:
        same = table.read_text(encoding="utf-8") == text
        raise SystemExit(0 if same else f"{table} differs from a fresh build")
    table.write_text(text, encoding="utf-8")
