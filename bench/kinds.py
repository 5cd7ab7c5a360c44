"""What PROPOSES and USES point at, by kind, on the seed and the ICLR corpora (extraction only,
no Neo4j), and a hand-checkable sample of edges with the sentence each came from.

Kinds and proposals come from the tagger and the naming rules, not from the ranking model, so
the bench ranks with the static model (``fast=True``): same edges, a fraction of the time.
Writes ``bench/results/kinds.json``, ``kinds.md`` and ``kinds-sample.md``.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.common import REPO, RESULTS, SHARED, markdown_table, write_results

CORPORA = {
    "iclr2021": SHARED / "data" / "iclr2021.jsonl.gz",
    "iclr2024": SHARED / "data" / "iclr2024.jsonl.gz",
    "iclr2025": SHARED / "data" / "iclr2025.jsonl.gz",
}
SEED = REPO / "examples" / "iclr2025-seed.txt"
SAMPLE = 50
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[{\\$])")
UNTYPED = "(untyped: linked only to a known method)"


def run(*, per_corpus: int, seed: int = 0) -> dict[str, Any]:
    """Extract the seed and ``per_corpus`` papers of each ICLR corpus; count edges by kind."""
    from loaders.extraction import Document, keybert_extractor

    papers = _papers(per_corpus)
    extractor = keybert_extractor(fast=True)
    started = time.perf_counter()
    docs = [Document(text=p["abstract"], title=p.get("title")) for p in papers]
    results = [r for i in range(0, len(docs), 64) for r in extractor.extract(docs[i : i + 64])]
    edges = [
        _edge(paper, relation, hit)
        for paper, result in zip(papers, results)
        for relation, hits in (("PROPOSES", result.proposes), ("USES", result.uses))
        for hit in hits
    ]
    return {
        "papers": len(papers),
        "corpora": sorted({p["corpus"] for p in papers}),
        "seconds": round(time.perf_counter() - started, 1),
        "shares": _shares(edges),
        "sample": random.Random(seed).sample(edges, min(SAMPLE, len(edges))),
    }


def _papers(per_corpus: int) -> list[dict[str, Any]]:
    from bench.corpora import read_papers
    from loaders.readers import read_corpus
    from loaders.records import PaperRecord

    seed = [
        {"abstract": r.abstract, "title": r.title, "corpus": "seed", "id": f"seed-{i}"}
        for i, r in enumerate(read_corpus(SEED))
        if isinstance(r, PaperRecord)
    ]
    others = [
        {**p, "corpus": name}
        for name, path in CORPORA.items()
        if path.exists()
        for p in read_papers(Path(path), per_corpus)
        if p.get("abstract")
    ]
    return seed + others


def _edge(paper: dict[str, Any], relation: str, hit: Any) -> dict[str, Any]:
    return {
        "corpus": paper["corpus"],
        "paper": paper.get("id") or paper.get("title"),
        "relation": relation,
        "name": hit.name,
        "kind": hit.kind,
        "variantOf": hit.variant_of,
        "sentence": _sentence(paper, [hit.name, *hit.aliases]),
    }


def _sentence(paper: dict[str, Any], names: list[str]) -> str:
    from loaders.markup import strip_markup

    text = strip_markup(f"{paper.get('title') or ''}. {paper['abstract']}")
    sentences = _SENTENCE.split(text)
    return next((s for s in sentences if any(n in s for n in names)), "")


def _shares(edges: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    shares: dict[str, dict[str, float]] = {}
    for relation in ("PROPOSES", "USES"):
        kinds = Counter(e["kind"] or UNTYPED for e in edges if e["relation"] == relation)
        total = sum(kinds.values()) or 1
        shares[relation] = {k: round(n / total, 3) for k, n in kinds.most_common()}
        shares[relation]["edges"] = float(sum(kinds.values()))
    return shares


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    """One row per relation: the share of each kind among its targets."""
    rows: list[list[object]] = []
    for relation, shares in result["shares"].items():
        parts = ", ".join(f"{k} {v:.0%}" for k, v in shares.items() if k != "edges")
        note = f"{int(shares['edges'])} edges, {result['papers']} papers"
        rows.append([f"{relation} targets by kind", parts, "", note])
    return rows


def write(result: dict[str, Any]) -> None:
    """``kinds.json``/``kinds.md`` (the shares) and ``kinds-sample.md`` (the edges to check)."""
    table = markdown_table(["measure", "shares", "spread", "note"], table_rows(result))
    write_results("kinds", result, table)
    lines = [
        f"# {len(result['sample'])} random extracted edges ({', '.join(result['corpora'])})",
        "",
        "| corpus | relation | name | kind | variant of | sentence |",
        "|---|---|---|---|---|---|",
    ]
    for e in result["sample"]:
        sentence = e["sentence"].replace("|", "\\|")
        kind = e["kind"] or "untyped"
        row = [e["corpus"], e["relation"], e["name"], kind, e["variantOf"] or "", sentence]
        lines.append("| " + " | ".join(row) + " |")
    (RESULTS / "kinds-sample.md").write_text("\n".join(lines) + "\n")
