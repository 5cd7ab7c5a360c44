"""`python -m bench.retrieval [--quick]` (or `python -m bench --only retrieval`): search quality on retrieval sets built from the shared
ICLR corpora, papergraph's ranking beside BM25, MiniLM and their plain fusion, in one run.

Development sets (the held-back judge, SciFact, is never read): for ICLR 2021 and ICLR 2024,
the first ``--papers`` papers that list author keywords are loaded with the default extractor
into the bench Neo4j; each query is an author keyword (lower-cased) that 3 to 30 of them list,
and its relevant papers are those listing it. Search reads titles, abstracts and author names,
never the keywords, so a query is found by its words or its meaning in the text alone.

Systems, on the same corpus and queries:
- ``papergraph``: ``papers(search:, first: 100)`` in its default order (the query layer the API
  calls, with the API's query embedding);
- ``bm25``: BM25 (bm25s, k1 0.9, b 0.4, English stop words, title + abstract);
- ``minilm``: cosine of the query's and each paper's stored MiniLM vector;
- ``bm25+minilm``: the two fused by reciprocal rank (k 60).
Metrics: nDCG@10 (binary gains) and Recall@100, means over queries.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import math
import re
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from bench.common import SHARED, bench_neo4j, machine_info, markdown_table, write_results
from bench.corpora import read_papers

CORPORA = {
    "iclr2021": SHARED / "data" / "iclr2021.jsonl.gz",
    "iclr2024": SHARED / "data" / "iclr2024.jsonl.gz",
}
MIN_RELEVANT, MAX_RELEVANT = 3, 30
RRF_K = 60
Ranking = list[str]


def keyword_queries(papers: Sequence[dict[str, Any]]) -> dict[str, set[str]]:
    """Author keywords listed by 3..30 of the papers, each with the ids listing it."""
    listing: dict[str, set[str]] = defaultdict(set)
    for paper in papers:
        for keyword in paper["keywords"]:
            listing[keyword.strip().lower()].add(paper["id"])
    return {
        k: ids for k, ids in sorted(listing.items()) if MIN_RELEVANT <= len(ids) <= MAX_RELEVANT
    }


def ndcg_at_10(ranking: Ranking, relevant: set[str]) -> float:
    gain = sum(1 / math.log2(i + 2) for i, pid in enumerate(ranking[:10]) if pid in relevant)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(relevant))))
    return gain / ideal


def recall_at_100(ranking: Ranking, relevant: set[str]) -> float:
    return len(set(ranking[:100]) & relevant) / len(relevant)


def fuse(*rankings: Ranking) -> Ranking:
    scores: dict[str, float] = defaultdict(float)
    for ranking in rankings:
        for rank, pid in enumerate(ranking, start=1):
            scores[pid] += 1 / (RRF_K + rank)
    return sorted(scores, key=lambda pid: (-scores[pid], pid))


def bm25_ranker(papers: Sequence[dict[str, Any]]) -> Callable[[str], Ranking]:
    import bm25s

    ids = [p["id"] for p in papers]
    texts = [f"{p['title']}\n{p['abstract']}" for p in papers]
    retriever = bm25s.BM25(k1=0.9, b=0.4)
    retriever.index(bm25s.tokenize(texts, stopwords="en", show_progress=False), show_progress=False)

    def rank(query: str) -> Ranking:
        tokens = bm25s.tokenize([query], stopwords="en", show_progress=False)
        if not tokens.vocab:
            return []
        found, scores = retriever.retrieve(tokens, k=min(100, len(ids)), show_progress=False)
        return [ids[int(i)] for i, s in zip(found[0], scores[0]) if s > 0]

    return rank


def vector_ranker(
    ids: Sequence[str], vectors: np.ndarray, embed: Callable[[str], Sequence[float]]
) -> Callable[[str], Ranking]:
    def rank(query: str) -> Ranking:
        sims = vectors @ np.asarray(embed(query), dtype=np.float32)
        return [ids[int(i)] for i in np.argsort(-sims, kind="stable")[:100]]

    return rank


async def _load(settings: Any, papers: Sequence[dict[str, Any]]) -> float:
    from graph.connection import async_driver
    from graph.writes import clear_graph
    from loaders.pipeline import read_corpora
    from papergraph.usecases.ingest import build_pipelined_extractor, ingest_papers

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.jsonl.gz"
        with gzip.open(path, "wt", encoding="utf-8") as out:
            out.writelines(json.dumps(p) + "\n" for p in papers)
        records = read_corpora([path]).records
        driver = async_driver(settings)
        try:
            await clear_graph(driver, database=settings.neo4j_database)
            started = time.perf_counter()
            with build_pipelined_extractor(settings) as extractor:
                await ingest_papers(records, driver=driver, settings=settings, extractor=extractor)
            return time.perf_counter() - started
        finally:
            await driver.close()


async def _stored_vectors(settings: Any) -> tuple[list[str], np.ndarray]:
    from graph.connection import async_driver

    driver = async_driver(settings)
    try:
        records, _, _ = await driver.execute_query(
            "MATCH (p:Paper) WHERE p.embedding IS NOT NULL "
            "RETURN p.id AS id, p.embedding AS v ORDER BY id",
            database_=settings.neo4j_database,
        )
    finally:
        await driver.close()
    return [r["id"] for r in records], np.asarray([r["v"] for r in records], dtype=np.float32)


async def _papergraph_rankings(
    settings: Any, queries: Sequence[str], embed: Callable[[str], Sequence[float]]
) -> tuple[list[Ranking], list[float]]:
    from graph.connection import async_driver
    from graph.queries import GraphReader, find_papers

    driver = async_driver(settings)
    reader = GraphReader(driver=driver, settings=settings)

    async def embedded(text: str) -> Sequence[float]:
        return embed(text)

    rankings, seconds = [], []
    try:
        for query in queries:
            started = time.perf_counter()
            page = await find_papers(reader, search=_plain(query), first=100, embed=embedded)
            seconds.append(time.perf_counter() - started)
            rankings.append([p.id for p in page.items])
    finally:
        await driver.close()
    return rankings, seconds


def _plain(query: str) -> str:
    """A keyword as plain words for the search syntax (a keyword may hold quotes or colons)."""
    return " ".join(re.findall(r"[^\W_]+", query))


def run_corpus(settings: Any, name: str, *, papers: int) -> dict[str, Any]:
    from papergraph.settings import load_settings
    from papergraph.usecases.ingest import build_extractor

    corpus = [p for p in read_papers(CORPORA[name]) if p["keywords"]][:papers]
    queries = keyword_queries(corpus)
    load_seconds = asyncio.run(_load(settings, corpus))
    extractor = build_extractor(load_settings())

    def embed(text: str) -> Sequence[float]:
        return extractor.embed([text])[0]

    ids, vectors = asyncio.run(_stored_vectors(settings))
    bm25, minilm = bm25_ranker(corpus), vector_ranker(ids, vectors, embed)
    texts = list(queries)
    ours, seconds = asyncio.run(_papergraph_rankings(settings, texts, embed))
    systems: dict[str, list[Ranking]] = {"papergraph": ours, "bm25": [], "minilm": []}
    for query in texts:
        systems["bm25"].append(bm25(query))
        systems["minilm"].append(minilm(query))
    systems["bm25+minilm"] = [fuse(b, m) for b, m in zip(systems["bm25"], systems["minilm"])]
    scores = {
        system: {
            "ndcg@10": round(
                float(np.mean([ndcg_at_10(r, queries[q]) for r, q in zip(rankings, texts)])), 4
            ),
            "recall@100": round(
                float(np.mean([recall_at_100(r, queries[q]) for r, q in zip(rankings, texts)])), 4
            ),
        }
        for system, rankings in systems.items()
    }
    return {
        "papers": len(corpus),
        "queries": len(texts),
        "load_seconds": round(load_seconds, 1),
        "search_ms_median": round(1000 * float(np.median(seconds)), 1),
        "search_ms_p99": round(1000 * float(np.percentile(seconds, 99)), 1),
        "systems": scores,
    }


def table(results: dict[str, Any]) -> str:
    rows = []
    for name, corpus in results["corpora"].items():
        for system, score in corpus["systems"].items():
            rows.append([name, system, score["ndcg@10"], score["recall@100"]])
    return markdown_table(["dev set", "system", "nDCG@10", "Recall@100"], rows)


def run(settings: Any, *, papers: int) -> dict[str, Any]:
    """Every dev set loaded into the bench Neo4j of ``settings`` in turn, and scored."""
    return {
        "papers_per_set": papers,
        "corpora": {name: run_corpus(settings, name, papers=papers) for name in CORPORA},
    }


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    """Rows for ``python -m bench``'s summary table: each system's scores on each set."""
    return [
        [f"retrieval {name} {system}", f"{s['ndcg@10']} / {s['recall@100']}", "", "nDCG@10 / R@100"]
        for name, corpus in result["corpora"].items()
        for system, s in corpus["systems"].items()
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.retrieval", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="100 papers a set (CI)")
    parser.add_argument("--papers", type=int, default=None, help="papers a set (default 1000)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    started = time.strftime("%Y-%m-%dT%H:%M:%S")
    with bench_neo4j() as settings:
        result = run(settings, papers=args.papers or (100 if args.quick else 1000))
    results = {"machine": machine_info(), "started": started, **result}
    text = table(results)
    write_results("retrieval", results, text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
