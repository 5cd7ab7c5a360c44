"""Which of a paper's own methods comes first: the one its title names?

`python -m bench.main_method [--limit N]` extracts, from their abstracts alone (as an untitled
paper is read, which its first proposed method labels), the ICLR 2021, 2024 and 2025 papers
whose title opens with a name that the abstract also writes (``DyAug: Dynamic Graph
Augmentation ...``): that name is the paper's main contribution. Of the papers where the
extractor finds two or more proposed methods, it counts those whose first proposed method is
the title's name, in the extractor's order and, as the baseline in the same run, in order of
score (closeness to the abstract, the order before). Writes ``bench/results/main-method.json``
and ``main-method.md``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Sequence
from typing import Any

from bench.common import SHARED, markdown_table, write_results

CORPORA = ("iclr2021.jsonl.gz", "iclr2024.jsonl.gz", "iclr2025.jsonl.gz")
#: A title that opens with a name: ``DyAug: ...``, ``PC-Winter: ...``.
_TITLE_HEAD = re.compile(r"^([A-Za-z][\w.+-]{1,30}):\s")


def title_name(paper: dict[str, Any]) -> str | None:
    """The name heading the paper's title, when its abstract writes it too."""
    match = _TITLE_HEAD.match(paper.get("title") or "")
    if match and match.group(1) in (paper.get("abstract") or ""):
        return match.group(1)
    return None


def firsts(named: str, proposes: Sequence[Any]) -> tuple[bool, bool]:
    """Whether ``named`` is the first proposed method in the extractor's order, and by score;
    a name matches whatever its case and hyphens (``KBLaM`` / ``KBLAM``)."""
    by_score = max(proposes, key=lambda h: h.score)
    wanted = _spelling(named)
    return _spelling(proposes[0].name) == wanted, _spelling(by_score.name) == wanted


def _spelling(name: str) -> str:
    return re.sub(r"[\s-]", "", name).casefold()


def measure(papers: list[dict[str, Any]]) -> dict[str, int]:
    from loaders.extraction import Document, keybert_extractor

    named = [(name, p) for p in papers if (name := title_name(p))]
    results = keybert_extractor().extract([Document(text=p["abstract"]) for _, p in named])
    several = [(name, r.proposes) for (name, _), r in zip(named, results) if len(r.proposes) > 1]
    counts = [firsts(name, proposes) for name, proposes in several]
    return {
        "titled": len(named),
        "several_proposed": len(several),
        "first_in_order": sum(order for order, _ in counts),
        "first_by_score": sum(score for _, score in counts),
    }


def run(limit: int) -> dict[str, Any]:
    from bench.corpora import read_papers

    return {name: measure(read_papers(SHARED / "data" / name, limit)) for name in CORPORA}


def table(result: dict[str, Any]) -> str:
    header = ["corpus", "titled 'Name: …'", "2+ proposed", "title's name first", "by score"]
    rows = [
        [name, r["titled"], r["several_proposed"], r["first_in_order"], r["first_by_score"]]
        for name, r in result.items()
    ]
    return markdown_table(header, rows)


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.main_method", description=__doc__)
    parser.add_argument("--limit", type=int, default=2000, help="papers read from each corpus")
    args = parser.parse_args(None if argv is None else list(argv))
    result = run(args.limit)
    write_results("main-method", {"limit": args.limit, "corpora": result}, table(result))
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
