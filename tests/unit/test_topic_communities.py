"""The topics' computation off the graph: co-occurrence counted per paper, and Louvain
communities that depend on the graph alone, not on the order its papers are read in."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from graph.topics import communities, cooccurrence, themes

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
