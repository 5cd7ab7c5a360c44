"""What PROPOSES and USES point at, by kind, on the seed and the ICLR corpora (extraction only,
no Neo4j), a hand-checkable sample of edges with the sentence each came from, and the precision
of kinds on our development list of well-known names (``bench/kinds_known.tsv``): each listed
name the extractor finds, typed per paper and as the graph stores it across papers.

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
KNOWN = REPO / "bench" / "kinds_known.tsv"
#: The corpora the known names are looked for in, in the order a load reads them.
KNOWN_CORPORA = ("iclr2024", "iclr2025")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[{\\$])")
UNTYPED = "(untyped: linked only to a known method)"


def run(*, per_corpus: int, seed: int = 0) -> dict[str, Any]:
    """Extract the seed and ``per_corpus`` papers of each ICLR corpus; count edges by kind;
    measure the precision of kinds on the known names."""
    papers = _papers(per_corpus)
    started = time.perf_counter()
    results = _extract(papers)
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
        "known": precision(),
    }


def _extract(papers: list[dict[str, Any]]) -> list[Any]:
    from loaders.extraction import Document, keybert_extractor

    extractor = keybert_extractor(fast=True)
    docs = [Document(text=p["abstract"], title=p.get("title")) for p in papers]
    return [r for i in range(0, len(docs), 64) for r in extractor.extract(docs[i : i + 64])]


def known_names(path: Path = KNOWN) -> dict[str, str]:
    """The development list: each name's kind."""
    rows = (line.rstrip("\n").split("\t") for line in path.read_text(encoding="utf-8").splitlines())
    return {row[0]: row[1] for row in rows if row[0] and not row[0].startswith("#")}


def _mentions(names: list[str]) -> re.Pattern[str]:
    written = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{written})(?![\w]|-\w)")


def precision() -> dict[str, Any]:
    """Extract every ICLR 2024 and 2025 paper whose title or abstract writes a known name; for
    each known name the extractor finds, compare the kind each paper gives it and the kind the
    graph stores (the load's rule, ``count_method_kinds.cypher``: the kind most papers give, a
    tie to the kind more proposing papers give, then a named kind, then alphabetically) with
    the list's."""
    from bench.corpora import read_papers

    known = known_names()
    by_key = {_spelling(name): name for name in known}
    pattern = _mentions(list(known))
    papers = [
        p
        for corpus in KNOWN_CORPORA
        for p in read_papers(CORPORA[corpus], None)
        if p.get("abstract") and pattern.search(f"{p.get('title') or ''}. {p['abstract']}")
    ]
    started = time.perf_counter()
    results = _extract(papers)
    seconds = time.perf_counter() - started
    per_paper: dict[str, Counter[str]] = {}
    proposing: dict[str, Counter[str]] = {}
    wrong: dict[str, list[str]] = {}
    by_cue: dict[str, Counter[bool]] = {}
    for paper, result in zip(papers, results, strict=True):
        for relation, hits in (("PROPOSES", result.proposes), ("USES", result.uses)):
            for hit in hits:
                name = next(
                    (by_key[k] for n in (hit.name, *hit.aliases) if (k := _spelling(n)) in by_key),
                    None,
                )
                if name is None:
                    continue
                per_paper.setdefault(name, Counter())[hit.kind or UNTYPED] += 1
                if hit.kind is not None:
                    by_cue.setdefault(hit.kind_cue, Counter())[hit.kind == known[name]] += 1
                if hit.kind not in (None, known[name]):
                    wrong.setdefault(name, []).append(f"{paper['id']} {hit.kind} {hit.kind_cue}")
                if relation == "PROPOSES" and hit.kind is not None:
                    proposing.setdefault(name, Counter())[hit.kind] += 1
    return {
        "papers": len(papers),
        "seconds": round(seconds, 1),
        "listed": len(known),
        "found": len(per_paper),
        "perPaper": _scored_mentions(known, per_paper),
        "stored": _scored_names(
            known, {n: _stored_kind(c, proposing.get(n, Counter())) for n, c in per_paper.items()}
        ),
        "byCue": {
            cue: {"typed": c.total(), "right": c[True]}
            for cue, c in sorted(by_cue.items(), key=lambda kv: -kv[1].total())
        },
        "kinds": {n: dict(c.most_common()) for n, c in sorted(per_paper.items())},
        "wrongIn": wrong,
    }


def _spelling(name: str) -> str:
    """A name as the list and the extractor may both write it: ``CIFAR10`` is ``CIFAR-10``."""
    return re.sub(r"[\W_]", "", name.lower())


def _stored_kind(kinds: Counter[str], proposing: Counter[str]) -> str | None:
    """count_method_kinds' rule on one name: ``kinds`` papers per kind given (untyped uses
    under :data:`UNTYPED`, which do not count), ``proposing`` those of them proposing it."""
    typed = [k for k in kinds if k != UNTYPED]
    if not typed:
        return None
    return min(typed, key=lambda k: (-kinds[k], -proposing[k], k == "method", k))


def _scored_mentions(known: dict[str, str], kinds: dict[str, Counter[str]]) -> dict[str, Any]:
    typed = sum(n for c in kinds.values() for k, n in c.items() if k != UNTYPED)
    right = sum(c[known[name]] for name, c in kinds.items())
    return {
        "typed": typed,
        "right": right,
        "untyped": sum(c[UNTYPED] for c in kinds.values()),
        "precision": round(right / typed, 3) if typed else None,
    }


def _scored_names(known: dict[str, str], stored: dict[str, str | None]) -> dict[str, Any]:
    typed = {n: k for n, k in stored.items() if k is not None}
    wrong = {n: f"{k} (is {known[n]})" for n, k in sorted(typed.items()) if k != known[n]}
    right = len(typed) - len(wrong)
    return {
        "typed": len(typed),
        "right": right,
        "untyped": len(stored) - len(typed),
        "precision": round(right / len(typed), 3) if typed else None,
        "wrong": wrong,
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
    known = result["known"]
    labels = (
        ("per paper (mentions)", "perPaper"),
        ("stored (names)", "stored"),
    )
    for label, part in labels:
        found = known[part]
        note = (
            f"{found['right']} of {found['typed']} typed right, {found['untyped']} untyped; "
            f"{known['found']} of {known['listed']} listed names found in {known['papers']} papers"
        )
        rows.append(
            [f"kind precision, known names, {label}", f"{found['precision']:.1%}", "", note]
        )
    cues = ", ".join(
        f"{cue.removeprefix('kind.')} {n['right']}/{n['typed']}"
        for cue, n in known["byCue"].items()
    )
    rows.append(["kinds right per paper, by the cue that gave them", cues, "", "known names"])
    return rows


def write(result: dict[str, Any]) -> None:
    """``kinds.json``/``kinds.md`` (the shares) and ``kinds-sample.md`` (the edges to check)."""
    table = markdown_table(["measure", "shares", "spread", "note"], table_rows(result))
    wrong = result["known"]["stored"]["wrong"]
    listed = ", ".join(f"{name} {kind}" for name, kind in wrong.items()) or "none"
    write_results("kinds", result, f"{table}\n\nKnown names stored with a wrong kind: {listed}.")
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
