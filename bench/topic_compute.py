"""`python -m bench.topic_compute papergraph|networkx FILE OUT`: one topic computation, in a
process of its own so that its peak RSS is its own, over the papers' concept lists in ``FILE``
(JSON, as ``cypher/topic_paper_concepts.cypher`` returns them); writes the topics (each a list
of concept keys) to ``OUT`` as JSON.

``papergraph`` is :mod:`graph.topics` (pairs counted by numpy, igraph's Louvain). ``networkx``
is the baseline it replaced: the pairs counted as tuples in a ``Counter``, a networkx graph
built from them in sorted order, and ``networkx.community.louvain_communities`` with the same
seed."""

from __future__ import annotations

import json
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import networkx as nx

from graph.topics import MIN_CONCEPTS, SEED, communities, cooccurrence


def papergraph_topics(papers: list[list[str]]) -> list[list[str]]:
    return [[k for k, _ in plan.members] for plan in communities(cooccurrence(papers))]


def networkx_topics(papers: list[list[str]]) -> list[list[str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for keys in papers:
        counts.update(combinations(sorted(set(keys)), 2))
    graph = nx.Graph()
    graph.add_weighted_edges_from(sorted((a, b, n) for (a, b), n in counts.items()))
    found = nx.community.louvain_communities(graph, weight="weight", seed=SEED)
    return sorted((sorted(c) for c in found if len(c) >= MIN_CONCEPTS), key=len, reverse=True)


def main(argv: list[str]) -> int:
    system, path, out = argv
    papers = json.loads(Path(path).read_text())
    topics = {"papergraph": papergraph_topics, "networkx": networkx_topics}[system](papers)
    Path(out).write_text(json.dumps(topics))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
