"""The topics' computation off the graph: co-occurrence counted per paper, pairs weighed by how
near their concepts' contexts are, and Louvain communities that depend on the graph alone, not
on the order its papers are read in."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations

import pytest
from _topics import BORROWING, borrowing_papers, themes_of

from graph.topics import SEED, Contexts, communities, cooccurrence, themes

THEMES = [[f"{theme} {i}" for i in range(8)] for theme in ("graph", "text", "vision", "speech")]


def corpus(seed: int = 5) -> list[list[str]]:
    """Papers of four themes, each mentioning four to six of its theme's eight concepts, and
    now and then one concept of another theme."""
    rng = random.Random(seed)
    papers = []
    for n in range(240):
        keys = rng.sample(THEMES[n % 4], rng.randint(4, 6))
        if n % 5 == 0:
            keys.append(rng.choice(THEMES[(n + 1) % 4]))
        papers.append(keys)
    return papers


def direct_counts(papers: list[list[str]]) -> dict[tuple[str, str], int]:
    counts: Counter[tuple[str, str]] = Counter()
    for keys in papers:
        counts.update(combinations(sorted(set(keys)), 2))
    return dict(counts)


def test_each_pair_is_weighted_by_the_papers_mentioning_both() -> None:
    papers = [["b", "a", "c"], ["a", "b", "a"], ["c"], ["d", "a"]]
    graph = cooccurrence(papers)
    assert graph.keys == ["a", "b", "c", "d"]
    assert graph.pairs() == [("a", "b", 2), ("a", "c", 1), ("a", "d", 1), ("b", "c", 1)]


def test_the_pairs_are_every_pair_some_paper_mentions_in_sorted_order() -> None:
    papers = corpus()
    pairs = cooccurrence(papers).pairs()
    assert {(a, b): w for a, b, w in pairs} == direct_counts(papers)
    assert [(a, b) for a, b, _ in pairs] == sorted((a, b) for a, b, _ in pairs)


def test_the_topics_are_the_themes_named_by_their_most_central_concepts() -> None:
    plans = communities(cooccurrence(corpus()))
    assert {frozenset(k for k, _ in p.members) for p in plans} == {frozenset(t) for t in THEMES}
    for plan in plans:
        centrality = [c for _, c in plan.members]
        assert centrality[0] == 1.0 and centrality == sorted(centrality, reverse=True)
        assert plan.name == " · ".join(k for k, _ in plan.members[:3])
        assert plan.id == f"topic:{plan.members[0][0]}"


def test_the_topics_do_not_depend_on_the_order_papers_are_read_in() -> None:
    papers = corpus()
    shuffled = [list(reversed(keys)) for keys in papers]
    random.Random(1).shuffle(shuffled)
    assert communities(cooccurrence(shuffled)) == communities(cooccurrence(papers))


def test_a_seed_gives_the_same_topics_each_time_and_the_default_is_the_loads() -> None:
    """The structure bench scores the topics at several Louvain seeds: each seed's topics must
    be its own and repeatable, and no seed must mean the one a load uses."""
    rng = random.Random(3)  # papers of no theme: Louvain's partition is one draw of many
    graph = cooccurrence([rng.sample([f"c{i}" for i in range(40)], 4) for _ in range(60)])
    by_seed = {
        seed: frozenset(frozenset(k for k, _ in p.members) for p in communities(graph, seed=seed))
        for seed in range(8)
    }
    assert all(communities(graph, seed=s) == communities(graph, seed=s) for s in (0, 5))
    assert communities(graph, seed=SEED) == communities(graph)
    assert len(set(by_seed.values())) > 1  # the partition turns on the seed asked for


def test_igraphs_random_generator_is_put_back() -> None:
    import igraph

    communities(cooccurrence(corpus()))
    state = random.getstate()
    graph = igraph.Graph.Erdos_Renyi(n=10, p=0.5)  # draws from the random module
    assert random.getstate() != state and graph.vcount() == 10


def test_a_graph_too_small_to_split_into_themes_keeps_one_topic() -> None:
    # two papers sharing a concept: at the themes' resolution Louvain leaves pieces smaller
    # than a topic, and the few papers a researcher first loads would show no topic at all
    papers = [["graph pooling", "node clustering"], ["graph pooling", "spectral clustering"]]
    found = themes(papers)
    assert [sorted(key for key, _ in plan.members) for plan in found] == [
        ["graph pooling", "node clustering", "spectral clustering"]
    ]


def test_a_pair_weighs_as_near_as_the_contexts_of_its_two_concepts() -> None:
    contexts = Contexts()
    contexts.add(["graph pooling", "node clustering"], [1.0, 0.0])
    contexts.add(["graph pooling", "tokenization"], [1.0, 0.0])
    contexts.add(["tokenization", "beam search"], [0.0, 2.0])
    contexts.add(["tokenization", "beam search", "unembedded"], None)
    keys = ["beam search", "graph pooling", "node clustering", "tokenization", "unembedded"]
    graph = cooccurrence([keys])  # every pair
    near = dict(zip(zip(graph.a.tolist(), graph.b.tolist()), contexts.similarity(graph)))
    at = {k: i for i, k in enumerate(graph.keys)}

    def pair(a: str, b: str) -> float:
        return float(near[tuple(sorted((at[a], at[b])))])

    assert pair("graph pooling", "node clustering") == pytest.approx(1.0)
    assert pair("beam search", "node clustering") == pytest.approx(0.0)
    # tokenization: one graph paper, one on text; never below 0
    assert pair("tokenization", "beam search") == pytest.approx(math.sqrt(0.5))
    assert pair("unembedded", "graph pooling") == 1.0  # no vector: its papers alone count


def test_a_concept_a_paper_borrows_from_another_theme_stays_in_its_own() -> None:
    papers = borrowing_papers()
    contexts = Contexts()
    for keys, theme in papers:
        contexts.add(keys, [1.0 if axis == theme else 0.0 for axis in range(4)])
    counted = themes([keys for keys, _ in papers])  # by shared papers alone, themes mix
    assert any(len(themes_of(p.members)) > 1 for p in counted)
    weighed = themes([keys for keys, _ in papers], contexts=contexts)
    assert sorted(themes_of(p.members) for p in weighed) == [{t} for t in sorted(BORROWING)]
