"""Structure section: what is built on top of the extraction, measured and drawn for reading.

`python -m bench --only structure` (or `python -m bench.structure [--papers 1000] [--fast]
[--no-load] [--seed 51]`) empties the bench graph and loads the first ``--papers`` papers of
ICLR 2024 and of ICLR 2025 (half each; ``papergraph load``, a child process, the default
extractor unless ``--fast``), then on that one graph:

1. topics: the mean NPMI of every topic's top five concepts over the loaded papers (each
   paper's mentioned concepts; ``graph.topics.mean_coherence``), for the topics as computed
   before (Louvain over raw co-occurrence counts, concepts in at most 30 % of the papers,
   ranked by weighted degree) and as ``refresh_topics`` computes them now
   (``graph.topics.themes``), both from the same rows, at the load's Louvain seed and at each
   of :data:`LOUVAIN_SEEDS` (median and spread: neither figure rests on one seed's partition);
2. hierarchy: how many concepts have a broader one, by rule (``reason``), and a seeded random
   sample of ``--size`` BROADER links written as a sheet with a blank verdict column;
3. papers: a seeded random sample of ``--size`` papers, each with its abstract, its PROPOSES
   methods and its ten best concepts, as a sheet for counting wrong proposals and junk.

Writes ``bench/results/structure.json`` and ``structure.md`` (the figures and every topic),
``structure-hierarchy-sheet.md`` and ``structure-papers-sheet.md`` (the sheets to read by hand;
a new run draws new samples over a new graph, so it overwrites them blank).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from contextlib import nullcontext
from typing import Any

import networkx as nx

from bench.common import (
    RESULTS,
    bench_neo4j,
    child_env,
    machine_info,
    markdown_table,
    run_child,
    summary,
    write_results,
)
from bench.corpora import ICLR2024, ICLR2025, read_papers
from graph.connection import async_driver
from graph.writes import clear_graph
from papergraph.settings import Settings, load_settings

#: The concept share above which the topics computed before left a concept out.
OLD_MAX_SHARE = 0.3
SIZE = 50
SEED = 51
#: The Louvain seeds both topic computations are also run at.
LOUVAIN_SEEDS = range(12)


def load(settings: Settings, *, papers: int, fast: bool) -> dict[str, Any]:
    """Empty the bench graph; load the first ``papers // 2`` papers of ICLR 2024 and 2025."""
    import gzip
    import json
    import tempfile
    from pathlib import Path

    async def clear() -> None:
        async with async_driver(settings) as driver:
            await clear_graph(driver, database=settings.neo4j_database)

    asyncio.run(clear())
    half = papers // 2
    records = read_papers(ICLR2024, half) + read_papers(ICLR2025, papers - half)
    with tempfile.TemporaryDirectory() as folder:
        corpus = Path(folder) / "structure.jsonl.gz"
        with gzip.open(corpus, "wt", encoding="utf-8") as handle:
            handle.writelines(json.dumps(r) + "\n" for r in records)
        args = ["-m", "papergraph", "load", str(corpus), *(["--fast"] if fast else [])]
        run = run_child(args, env=child_env(settings), timeout=4 * 3600)
    if run.returncode not in (0, 2):
        raise RuntimeError(f"papergraph load failed:\n{run.stderr[-2000:]}")
    return {"papers": len(records), "seconds": round(run.seconds, 1), "fast": fast}


def topic_figures(settings: Settings, papers: Sequence[set[str]]) -> dict[str, Any]:
    """Both topic computations on the graph's rows, with each topic's coherence."""
    from graph.topics import MAX_SHARE, TopicRows, communities, cooccurrence, paper_concepts

    async def rows(max_share: float, embeddings: bool) -> list[Any]:
        async with async_driver(settings) as driver:
            database = settings.neo4j_database
            return await paper_concepts(
                driver, database=database, max_share=max_share, embeddings=embeddings
            )

    old = asyncio.run(rows(OLD_MAX_SHARE, embeddings=False))
    new = TopicRows()
    for record in asyncio.run(rows(MAX_SHARE, embeddings=True)):
        new.add(record)
    old_graph, old_names = cooccurrence(_lists(old)), _names(old)
    return {
        "old": _scored(communities(old_graph, old_names), papers),
        "new": _scored(new.themes(), papers),
        "bySeed": [
            {
                "seed": seed,
                "old": _scored(communities(old_graph, old_names, seed=seed), papers)["meanNpmi"],
                "new": _scored(new.themes(seed=seed), papers)["meanNpmi"],
            }
            for seed in LOUVAIN_SEEDS
        ],
    }


def _lists(records: Sequence[Any]) -> list[list[str]]:
    return [list(r["keys"]) for r in records]


def _names(records: Sequence[Any]) -> dict[str, str]:
    return {k: n for r in records for k, n in zip(r["keys"], r["names"], strict=True)}


def _scored(plans: Sequence[Any], papers: Sequence[set[str]]) -> dict[str, Any]:
    from graph.topics import topic_coherence

    topics = [
        {
            "name": p.name,
            "concepts": len(p.members),
            "top5": [k for k, _ in p.members[:5]],
            "npmi": round(topic_coherence(papers, [k for k, _ in p.members[:5]]), 4),
        }
        for p in plans
    ]
    mean = sum(t["npmi"] for t in topics) / len(topics) if topics else 0.0
    return {"topics": topics, "meanNpmi": round(mean, 4)}


def hierarchy_figures(graph: nx.MultiDiGraph) -> dict[str, Any]:
    """Concepts with a broader concept, by rule, overall and among those of two papers or more."""
    concepts = [n for n, d in graph.nodes(data=True) if "Concept" in d.get("labels", [])]
    reasons = {n: _broader(graph, n)[1] for n in concepts}
    papers = {n: sum(1 for _ in _mentions_of(graph, n)) for n in concepts}
    shared = [n for n in concepts if papers[n] >= 2]
    return {
        "concepts": len(concepts),
        "withBroader": sum(1 for r in reasons.values() if r),
        "byReason": dict(Counter(r for r in reasons.values() if r)),
        "conceptsOfTwoPapers": len(shared),
        "conceptsOfTwoPapersWithBroader": sum(1 for n in shared if reasons[n]),
    }


def _broader(graph: nx.MultiDiGraph, node: str) -> tuple[str | None, str | None, Any]:
    for _, target, data in graph.out_edges(node, data=True):
        if data.get("relationshipType") == "BROADER":
            return target, data.get("reason"), data.get("score")
    return None, None, None


def _mentions_of(graph: nx.MultiDiGraph, node: str) -> Iterable[str]:
    return (
        s for s, _, d in graph.in_edges(node, data=True) if d.get("relationshipType") == "MENTIONS"
    )


def paper_concept_sets(graph: nx.MultiDiGraph) -> list[set[str]]:
    """Each loaded paper's mentioned concepts (by key): the documents NPMI counts over."""
    found = []
    for node, data in graph.nodes(data=True):
        if "Paper" in data.get("labels", []):
            found.append(
                {
                    graph.nodes[t]["key"]
                    for _, t, d in graph.out_edges(node, data=True)
                    if d.get("relationshipType") == "MENTIONS"
                }
            )
    return found


def hierarchy_sheet(graph: nx.MultiDiGraph, *, size: int, seed: int) -> list[list[object]]:
    """``size`` random BROADER links: concept, broader concept, rule, cosine, papers."""
    links = sorted(
        (s, t, d) for s, t, d in graph.edges(data=True) if d.get("relationshipType") == "BROADER"
    )
    drawn = random.Random(seed).sample(links, min(size, len(links)))
    return [
        [
            i,
            graph.nodes[s].get("name", s),
            graph.nodes[t].get("name", t),
            d.get("reason", ""),
            d.get("score", ""),
            sum(1 for _ in _mentions_of(graph, s)),
            "",
        ]
        for i, (s, t, d) in enumerate(drawn, 1)
    ]


def papers_sheet(graph: nx.MultiDiGraph, *, size: int, seed: int) -> list[str]:
    """``size`` random papers: title, abstract, PROPOSES and the ten best concepts."""
    ids = sorted(n for n, d in graph.nodes(data=True) if "Paper" in d.get("labels", []))
    lines: list[str] = []
    for i, node in enumerate(random.Random(seed).sample(ids, min(size, len(ids))), 1):
        data = graph.nodes[node]
        edges = list(graph.out_edges(node, data=True))
        proposes = [
            f"{graph.nodes[t].get('name')} ({graph.nodes[t].get('kind', 'method')})"
            for _, t, d in sorted(edges, key=lambda e: e[2].get("rank", 0))
            if d.get("relationshipType") == "PROPOSES"
        ]
        concepts = [
            str(graph.nodes[t].get("name"))
            for _, t, d in sorted(edges, key=lambda e: e[2].get("rank", 0))
            if d.get("relationshipType") == "MENTIONS"
        ][:10]
        lines += [
            f"## {i}. {data.get('title') or data.get('label')}",
            "",
            f"> {data.get('abstract', '')}",
            "",
            f"- PROPOSES: {'; '.join(proposes) or '(none)'}",
            f"- concepts: {'; '.join(concepts)}",
            "- verdict, wrong PROPOSES: ",
            "- verdict, junk concepts: ",
            "",
        ]
    return lines


def run(
    settings: Settings,
    *,
    papers: int,
    fast: bool = False,
    size: int = SIZE,
    seed: int = SEED,
    reload: bool = True,
) -> dict[str, Any]:
    """Load (unless ``reload`` is false), measure, write the results and the two sheets."""
    from graph.export import to_networkx

    result: dict[str, Any] = {
        "machine": machine_info(),
        "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "load": load(settings, papers=papers, fast=fast) if reload else None,
    }
    graph = to_networkx(settings)
    sets = paper_concept_sets(graph)
    result["papers"] = len(sets)
    result["topics"] = topic_figures(settings, sets)
    result["hierarchy"] = hierarchy_figures(graph)
    write_results("structure", result, detail(result))
    header = ["#", "concept", "broader", "reason", "score", "papers", "verdict"]
    (RESULTS / "structure-hierarchy-sheet.md").write_text(
        f"# {size} random BROADER links (seed {seed}) — verdict: right / wrong\n\n"
        + markdown_table(header, hierarchy_sheet(graph, size=size, seed=seed))
        + "\n"
    )
    (RESULTS / "structure-papers-sheet.md").write_text(
        f"# {size} random papers (seed {seed}): PROPOSES and the ten best concepts\n\n"
        + "\n".join(papers_sheet(graph, size=size, seed=seed))
    )
    return result


def detail(result: dict[str, Any]) -> str:
    """The figures, then every topic of both computations with its NPMI."""
    topics, hierarchy = result["topics"], result["hierarchy"]
    load = result.get("load") or {}
    head = f"Run {result['started']}. Graph: {result['papers']} papers"
    if load:
        extractor = "fast" if load.get("fast") else "default"
        head += f" (ICLR 2024 + 2025, {extractor} extractor, loaded in {load['seconds']} s)"
    lines = [head, "", markdown_table(["measure", "value", "spread", "note"], table_rows(result))]
    lines += ["", f"Hierarchy by rule: {hierarchy['byReason']}", ""]
    for label in ("old", "new"):
        rows = [
            [t["npmi"], t["concepts"], t["name"], ", ".join(t["top5"])]
            for t in topics[label]["topics"]
        ]
        lines += [f"## Topics, {label} ({topics[label]['meanNpmi']} mean NPMI)", ""]
        lines += [markdown_table(["NPMI", "concepts", "name", "top 5"], rows), ""]
    return "\n".join(lines)


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    """Rows for the harness's summary table."""
    topics, h = result["topics"], result["hierarchy"]
    return [
        [
            "topics: mean NPMI of top-5, before",
            topics["old"]["meanNpmi"],
            "",
            f"{len(topics['old']['topics'])} topics",
        ],
        [
            "topics: mean NPMI of top-5, now",
            topics["new"]["meanNpmi"],
            "",
            f"{len(topics['new']['topics'])} topics",
        ],
        *_seed_rows(topics["bySeed"]),
        [
            "concepts with a broader concept",
            f"{h['withBroader']} of {h['concepts']}",
            "",
            str(h["byReason"]),
        ],
        [
            "concepts of ≥ 2 papers with a broader concept",
            f"{h['conceptsOfTwoPapersWithBroader']} of {h['conceptsOfTwoPapers']}",
            "",
            "",
        ],
    ]


def _seed_rows(by_seed: Sequence[dict[str, Any]]) -> list[list[object]]:
    """Both topic computations' mean NPMI over the Louvain seeds: median and spread."""
    above = sum(1 for run in by_seed if run["new"] > run["old"])
    rows = []
    for label, key in (("before", "old"), ("now", "new")):
        npmi = summary([run[key] for run in by_seed])
        note = f"{npmi['n']} seeds" + (f"; now above before at {above}" if key == "new" else "")
        rows.append(
            [
                f"topics: mean NPMI of top-5 by Louvain seed, {label}",
                npmi["median"],
                f"{npmi['min']}–{npmi['max']}",
                note,
            ]
        )
    return rows


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.structure", description=__doc__)
    parser.add_argument("--papers", type=int, default=1000)
    parser.add_argument("--fast", action="store_true", help="rank with the static model")
    parser.add_argument("--no-load", action="store_true", help="measure the graph as it is")
    parser.add_argument(
        "--env", action="store_true", help="the graph at NEO4J_URI, not the bench's"
    )
    parser.add_argument("--size", type=int, default=SIZE)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    with nullcontext(load_settings()) if args.env else bench_neo4j() as settings:
        result = run(
            settings,
            papers=args.papers,
            fast=args.fast,
            size=args.size,
            seed=args.seed,
            reload=not args.no_load,
        )
    print(markdown_table(["measure", "value", "spread", "note"], table_rows(result)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
