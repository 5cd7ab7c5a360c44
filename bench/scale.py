"""`python -m bench.scale generate N -o FILE`: a synthetic corpus of N abstracts for scale runs.

Made by recombining the real ICLR corpora in ``../shared/data`` (2021, 2024, 2025; 8,852
papers), with a fixed seed, so the same N always gives the same file:

* each synthetic paper takes a *base* paper at random: its title (with a numbered suffix once
  the base's title has been used, so titles stay unique), year, keywords, authors and status,
  and its number of sentences;
* sentence *j* of the abstract is sentence *j* of a random real paper with at least *j* + 1
  sentences (the base's own first sentence opens it), so openings stay openings and results
  stay results, and phrases, acronym definitions (``graph neural networks (GNNs)``) and
  method-naming sentences (``we propose DyAug``) keep their real frequencies;
* :data:`HOT_SHARE` of the papers (a fifth) carry exactly one sentence about *large language
  models* (``LLMs``), and no other paper mentions them: the hot concept a traversal must not
  expand whole. Elsewhere only sentences that never mention it are drawn.

Not modelled: topic coherence inside an abstract (sentences come from unrelated papers), an
acronym's definition coming before its use in the same paper, citations, trends over years,
duplicate papers from several sources, and the long tail of new vocabulary a larger real corpus
brings (the phrase vocabulary is that of 8,852 papers, however big N is).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from bench.common import SHARED

__all__ = ["HOT_SHARE", "SOURCES", "Pool", "generate", "hot_mention", "read_pool", "write"]

SOURCES = tuple(SHARED / "data" / f"iclr{year}.jsonl.gz" for year in (2021, 2024, 2025))
SEED = 19
#: Share of papers that mention the hot concept (large language models).
HOT_SHARE = 0.2
_HOT = re.compile(r"large[- ]language[- ]models?|\bLLMs?\b", re.IGNORECASE)
#: A sentence ends at . ! or ? followed by space and a capital (or LaTeX/parenthesis).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z$\\(])")


@dataclass(frozen=True)
class Pool:
    """The real papers, each split into sentences, and the sentences about the hot concept."""

    papers: tuple[dict[str, Any], ...]
    sentences: tuple[tuple[str, ...], ...]  # by paper, hot sentences removed
    hot: tuple[str, ...]
    by_position: tuple[tuple[int, ...], ...]  # position j → papers with a non-hot sentence j


def hot_mention(text: str) -> bool:
    """Whether ``text`` mentions the hot concept (large language models, LLMs)."""
    return _HOT.search(text) is not None


def split_sentences(abstract: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(abstract.strip()) if s]


def read_pool(paths: Sequence[Path] = SOURCES) -> Pool:
    """Every paper of ``paths`` with its sentences; the hot ones set apart."""
    papers: list[dict[str, Any]] = []
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            papers += [json.loads(line) for line in handle]
    sentences, hot = [], []
    for paper in papers:
        split = split_sentences(paper["abstract"])
        hot += [s for s in split if hot_mention(s)]
        sentences.append(tuple(s for s in split if not hot_mention(s)))
    longest = max(len(s) for s in sentences)
    by_position = tuple(
        tuple(i for i, s in enumerate(sentences) if len(s) > j) for j in range(longest)
    )
    return Pool(tuple(papers), tuple(sentences), tuple(hot), by_position)


def generate(pool: Pool, n: int, *, seed: int = SEED) -> Iterator[dict[str, Any]]:
    """``n`` synthetic papers in the corpus schema, the same for the same ``seed``."""
    rng = random.Random(seed)
    titles: dict[str, int] = {}
    for i in range(n):
        base = rng.randrange(len(pool.papers))
        paper = pool.papers[base]
        abstract = _abstract(pool, base, rng)
        seen = titles[paper["title"]] = titles.get(paper["title"], 0) + 1
        yield {
            "id": f"scale-{i:07d}",
            "title": paper["title"] if seen == 1 else f"{paper['title']} ({seen})",
            "abstract": abstract,
            "keywords": paper["keywords"],
            "authors": paper["authors"],
            "year": paper["year"],
            "venue": paper["venue"],
            "status": paper["status"],
        }


def _abstract(pool: Pool, base: int, rng: random.Random) -> str:
    own = pool.sentences[base]
    length = max(len(own), 2)
    picked = [own[0]] if own else []
    for j in range(len(picked), length):
        donors = pool.by_position[min(j, len(pool.by_position) - 1)]
        picked.append(pool.sentences[donors[rng.randrange(len(donors))]][j])
    if rng.random() < HOT_SHARE:
        picked.insert(rng.randrange(1, len(picked) + 1), pool.hot[rng.randrange(len(pool.hot))])
    return " ".join(picked)


def write(papers: Iterator[dict[str, Any]], out: TextIO) -> int:
    """Write ``papers`` as JSON Lines; return how many."""
    count = 0
    for paper in papers:
        out.write(json.dumps(paper, ensure_ascii=False) + "\n")
        count += 1
    return count


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="write N synthetic papers as JSON Lines")
    gen.add_argument("n", type=int)
    gen.add_argument("-o", "--output", type=Path, required=True, help="FILE (.gz: compressed)")
    gen.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    pool = read_pool()
    opener = gzip.open if args.output.suffix == ".gz" else open
    with opener(args.output, "wt", encoding="utf-8") as out:
        count = write(generate(pool, args.n, seed=args.seed), out)
    print(f"wrote {count} papers to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
