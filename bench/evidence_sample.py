"""A hand-checkable sample of extracted edges with their evidence (issue 16, point 4).

`python -m bench.evidence_sample [--size 50] [--seed 16]` reads the graph at ``NEO4J_URI`` (load
it first, e.g. ``papergraph load examples/iclr2025-seed.txt …``) through
``graph.export.to_networkx``, counts the extracted edges (MENTIONS, PROPOSES, USES and the
lineage edge VARIANT_OF) by type and by evidence field, checks every edge's offsets against its
paper's stored text (a VARIANT_OF's paper is the one it names, ``paperId``), and writes ``bench/results/evidence-sample.json`` and
``evidence-sample.md``: the counts, then ``--size`` random edges with the sentence each comes
from, the phrase in bold, for a person to judge, and (up to ``--size``) the VARIANT_OF edges
the same way.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from typing import Any

import networkx as nx

from bench.common import markdown_table, write_results
from graph.export import to_networkx
from papergraph.settings import load_settings

EXTRACTED = frozenset({"MENTIONS", "PROPOSES", "USES", "VARIANT_OF"})


def paper_of(graph: nx.MultiDiGraph, source: str, edge: dict[str, Any]) -> dict[str, Any]:
    """The paper whose text the edge's evidence indexes: its source, or for a VARIANT_OF (from
    method to method) the paper saying so (empty when it names none in the graph)."""
    if edge["relationshipType"] != "VARIANT_OF":
        return dict(graph.nodes[source])
    paper = f"Paper:{edge.get('paperId')}"
    return dict(graph.nodes[paper]) if paper in graph else {}


def target_of(graph: nx.MultiDiGraph, source: str, target: str, edge: dict[str, Any]) -> str:
    """What the edge links its paper to: a concept or method, or ``variant → base``."""
    name = str(graph.nodes[target].get("name", target))
    if edge["relationshipType"] != "VARIANT_OF":
        return name
    return f"{graph.nodes[source].get('name', source)} → {name}"


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


def row(graph: nx.MultiDiGraph, source: str, target: str, edge: dict[str, Any]) -> list[str]:
    """One table row: the paper, the edge, what it links to, the field and the sentence."""
    return [
        str(paper_of(graph, source, edge).get("label", source))[:50],
        edge["relationshipType"],
        target_of(graph, source, target, edge),
        edge["evidenceField"],
        marked(edge),
    ]


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
    types = Counter(str(d["relationshipType"]) for *_, d in edges)
    broken = [
        (u, v)
        for u, v, d in edges
        if "evidenceField" in d and not offsets_hold(paper_of(graph, u, d), d)
    ]
    with_evidence = [e for e in edges if "evidenceField" in e[2]]
    sample = random.Random(args.seed).sample(with_evidence, min(args.size, len(with_evidence)))
    rows = [row(graph, *e) for e in sample]
    lineage = [row(graph, *e) for e in with_evidence if e[2]["relationshipType"] == "VARIANT_OF"]
    counts = {
        "papers": sum(1 for _, n in graph.nodes(data=True) if "Paper" in n.get("labels", [])),
        "edges": len(edges),
        "by_type": dict(sorted(types.items())),
        "by_field": dict(fields),
        "offsets_not_holding": len(broken),
        "lineage_without_evidence": types["VARIANT_OF"] - len(lineage),
    }
    header = ["paper", "edge", "target", "field", "sentence"]
    table = "\n\n".join(
        [
            "# Evidence sample",
            f"Graph: {counts['papers']} papers, {counts['edges']} extracted edges "
            f"({counts['by_type']}); evidence field "
            f"of each (None: an author keyword the text never writes): {counts['by_field']}; "
            f"edges whose offsets do not index the stored text: {counts['offsets_not_holding']}; "
            f"VARIANT_OF edges without evidence: {counts['lineage_without_evidence']}.",
            f"{len(rows)} random edges with evidence (seed {args.seed}), the phrase in bold:",
            markdown_table(header, rows),
            f"The first {min(args.size, len(lineage))} VARIANT_OF edges (the lineage edge; paper: "
            "the one it names), the phrase in bold:",
            markdown_table(header, lineage[: args.size]),
        ]
    )
    write_results("evidence-sample", {**counts, "sample": rows, "lineage": lineage}, table)
    print(table)
    return 0 if not broken else 1


if __name__ == "__main__":
    raise SystemExit(main())
