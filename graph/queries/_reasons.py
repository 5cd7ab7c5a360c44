"""Why two papers are related, in a sentence a person can check (``RelatedPaper.reason``)."""

from __future__ import annotations

from collections.abc import Sequence

from graph.citation_views import CitedWorkView
from graph.models import ConceptView, MethodView, PaperView, SharedBroader

__all__ = ["related_reason"]

_LISTED = 3  # names listed in a reason before "and N more"


def related_reason(
    *,
    concepts: Sequence[ConceptView],
    methods: Sequence[MethodView],
    broader: Sequence[SharedBroader],
    similarity: float | None,
    typical: float = 0.0,
    references: Sequence[CitedWorkView] = (),
    co_cited_by: Sequence[PaperView] = (),
) -> str:
    """``shares concepts a, b; both cite X, W123; cited together by Y; both about neural
    network (graph neural network / convolutional neural network); abstracts more alike than
    most (cosine 0.86, typical 0.72)`` — the parts that apply, strongest first within each."""
    parts = [
        _names("shares concepts" if len(concepts) > 1 else "shares concept", concepts),
        _names("shares methods" if len(methods) > 1 else "shares method", methods),
        _listed("both cite", [w.paper.label if w.paper else w.id for w in references]),
        _listed("cited together by", [c.label for c in co_cited_by]),
        "; ".join(_broader(b) for b in broader[:_LISTED]),
        _alike(similarity, typical),
    ]
    return "; ".join(part for part in parts if part)


def _names(prefix: str, items: Sequence[ConceptView | MethodView]) -> str:
    return _listed(prefix, [i.name for i in items])


def _listed(prefix: str, names: Sequence[str]) -> str:
    if not names:
        return ""
    shown = ", ".join(names[:_LISTED])
    more = f" and {len(names) - _LISTED} more" if len(names) > _LISTED else ""
    return f"{prefix} {shown}{more}"


def _broader(shared: SharedBroader) -> str:
    mine, theirs = shared.via
    return f"both about {shared.concept.name} ({mine} / {theirs})"


def _alike(similarity: float | None, typical: float) -> str:
    if similarity is None:
        return ""
    return f"abstracts more alike than most (cosine {similarity:.2f}, typical {typical:.2f})"
