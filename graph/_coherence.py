"""How well a topic's top concepts hang together: mean NPMI over the papers.

NPMI (normalised pointwise mutual information, Bouma 2009) of two concepts over ``N`` papers is
``log(p(a, b) / (p(a) p(b))) / -log p(a, b)`` with ``p`` the share of papers mentioning them:
1 when they always come together, 0 when independent, -1 when never together (the value taken
for a pair no paper shares). A topic's coherence is the mean over the pairs of its top
concepts (Röder et al. 2015 found NPMI of the top words the measure closest to human reading).
"""

from __future__ import annotations

import math
from collections.abc import Sequence, Set
from itertools import combinations

__all__ = ["mean_coherence", "npmi", "topic_coherence"]


def npmi(papers: Sequence[Set[str]], a: str, b: str) -> float:
    """NPMI of concepts ``a`` and ``b`` over ``papers`` (each the set of concepts it mentions)."""
    n = len(papers)
    both = sum(1 for p in papers if a in p and b in p)
    if not n or not both:
        return -1.0
    p_ab = both / n
    if p_ab == 1.0:
        return 1.0
    p_a = sum(1 for p in papers if a in p) / n
    p_b = sum(1 for p in papers if b in p) / n
    return math.log(p_ab / (p_a * p_b)) / -math.log(p_ab)


def topic_coherence(papers: Sequence[Set[str]], top: Sequence[str]) -> float:
    """Mean NPMI over every pair of ``top`` (0 for fewer than two concepts)."""
    pairs = list(combinations(top, 2))
    return sum(npmi(papers, a, b) for a, b in pairs) / len(pairs) if pairs else 0.0


def mean_coherence(papers: Sequence[Set[str]], topics: Sequence[Sequence[str]]) -> float:
    """Mean :func:`topic_coherence` of ``topics`` (each its concepts, most central first, of
    which the first five count)."""
    index = _by_concept(papers)
    found = [topic_coherence(_restricted(papers, index, t[:5]), t[:5]) for t in topics]
    return sum(found) / len(found) if found else 0.0


def _by_concept(papers: Sequence[Set[str]]) -> dict[str, set[int]]:
    index: dict[str, set[int]] = {}
    for i, paper in enumerate(papers):
        for key in paper:
            index.setdefault(key, set()).add(i)
    return index


def _restricted(
    papers: Sequence[Set[str]], index: dict[str, set[int]], top: Sequence[str]
) -> list[Set[str]]:
    """``papers`` seen through ``top`` only: the same counts, without scanning every paper per
    pair (papers mentioning none of ``top`` stay as empty sets, so ``N`` is unchanged)."""
    touched = set().union(*(index.get(k, set()) for k in top))
    keep = set(top)
    return [papers[i] & keep if i in touched else frozenset() for i in range(len(papers))]
