"""A hand-checkable sample of extracted edges with their evidence (issue 16, point 4).

`python -m bench.evidence_sample [--size 50] [--seed 16]` reads the graph at ``NEO4J_URI`` (load
it first, e.g. ``papergraph load examples/iclr2025-seed.txt …``) through
``graph.export.to_networkx``, counts the extracted edges by evidence field, checks every edge's
offsets against its paper's stored text, and writes ``bench/results/evidence-sample.json`` and
``evidence-sample.md``: the counts, then ``--size`` random edges with the sentence each comes
from, the phrase in bold, for a person to judge.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from typing import Any

from bench.common import markdown_table, write_results
from graph.config import load_settings
from graph.export import to_networkx

EXTRACTED = frozenset({"MENTIONS", "PROPOSES", "USES"})


def offsets_hold(paper: dict[str, Any], edge: dict[str, Any]) -> bool:
    """Whether the edge's offsets index its paper's stored field exactly."""
    text = paper.get(edge["evidenceField"]) or ""
    phrase = text[edge["evidenceStart"] : edge["evidenceEnd"]]
    sentence = text[edge["sentenceStart"] : edge["sentenceEnd"]]
    return phrase == edge["evidenceText"] and sentence == edge["sentence"]


def marked(edge: dict[str, Any]) -> str:
    """The sentence with the phrase in bold, on one table cell."""
    at = edge["evidenceStart"] - edge["sentenceStart"]
    end = edge["evidenceEnd"] - edge["sentenceStart"]
    s = edge["sentence"]
    return f"{s[:at]}**{s[at:end]}**{s[end:]}".replace("|", "\\|").replace("\n", " ")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.evidence_sample", description=__doc__)
    parser.add_argument("--size", type=int, default=50)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    graph = to_networkx(load_settings())
    edges = sorted(
        ((u, v, d) for u, v, d in graph.edges(data=True) if d["relationshipType"] in EXTRACTED),
        key=lambda e: (e[0], e[2]["relationshipType"], e[1]),
    )
    fields = Counter(str(d.get("evidenceField")) for *_, d in edges)
    broken = [
        (u, v) for u, v, d in edges if "evidenceField" in d and not offsets_hold(graph.nodes[u], d)
    ]
    with_evidence = [e for e in edges if "evidenceField" in e[2]]
    sample = random.Random(args.seed).sample(with_evidence, min(args.size, len(with_evidence)))
    rows = [
        [
            graph.nodes[u].get("label", u)[:50],
            d["relationshipType"],
            graph.nodes[v].get("name", v),
            d["evidenceField"],
            marked(d),
        ]
        for u, v, d in sample
    ]
    counts = {
        "papers": sum(1 for _, n in graph.nodes(data=True) if "Paper" in n.get("labels", [])),
        "edges": len(edges),
        "by_field": dict(fields),
        "offsets_not_holding": len(broken),
    }
    table = "\n\n".join(
        [
            "# Evidence sample",
            f"Graph: {counts['papers']} papers, {counts['edges']} extracted edges; evidence field "
            f"of each (None: an author keyword the text never writes): {counts['by_field']}; "
            f"edges whose offsets do not index the stored text: {counts['offsets_not_holding']}.",
            f"{len(rows)} random edges with evidence (seed {args.seed}), the phrase in bold:",
            markdown_table(["paper", "edge", "target", "field", "sentence"], rows),
        ]
    )
    write_results("evidence-sample", {**counts, "sample": rows}, table)
    print(table)
    return 0 if not broken else 1


if __name__ == "__main__":
    raise SystemExit(main())
