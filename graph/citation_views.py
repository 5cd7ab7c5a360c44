"""Read results about citations (see :mod:`graph.models` for the paper, concept, method views)."""

from __future__ import annotations

from dataclasses import dataclass

from graph.models import PaperView

__all__ = ["CitedWorkView"]


@dataclass(slots=True)
class CitedWorkView:
    """A work a paper cites: ``paper`` when it is in the graph, else only its ``id`` (a
    ``CitedWork`` kept until that paper is loaded)."""

    id: str
    paper: PaperView | None = None
