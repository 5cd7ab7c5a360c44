"""The extractor as an ordered list of named stages, each declaring what it reads and sets.

A stage works on a batch of :class:`Paper` states, in the spirit of spaCy's pipeline
components and neo4j-graphrag's ordered components: it reads fields earlier stages set and sets
its own (``reads``/``sets`` name them, and a test checks that every field a stage reads was set
before it). What a stage decides about a candidate it may record (:mod:`._trace`). The stage
lists themselves are assembled in :mod:`._pipeline`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ._trace import NO_RECORDER, Action, Decision, Recorder, Role

if TYPE_CHECKING:
    from ._analysis import Analysis, Definitions, Prepared
    from ._candidates import Candidate, KnownPhrases
    from ._methods import MethodCandidate
    from ._ranking import Weights
    from ._registry import AcronymRegistry
    from ._tagging import Unit
    from ._types import ConceptHit, Document, Extraction, MethodHit

__all__ = ["Context", "Paper", "PaperStage", "Stage", "run_stages"]


class Paper:
    """One paper on its way through the stages; each field is set by the stage that names it
    in ``sets`` (reading one before is an error, not a default)."""

    prepared: Prepared
    units: list[Unit]
    defined: Definitions
    candidates: dict[str, Candidate]
    methods: list[MethodCandidate]
    acronyms: dict[str, str]
    analysis: Analysis
    ranking_vector: Any
    stored_vector: Any
    similarities: dict[str, float]
    method_hits: list[MethodHit]
    concepts: list[ConceptHit]
    extraction: Extraction
    doc: Document

    def __init__(self, index: int, doc: Document | None = None) -> None:
        self.index = index
        if doc is not None:  # the stages after tagging may run without the document
            self.doc = doc


@dataclass
class Context:
    """What the stages share across papers: the extractor's models, options and what it has
    learnt, and the recorder. ``learning`` says whether this run teaches the registry and the
    known phrases (it does not once a whole input was learnt ahead)."""

    acronyms: AcronymRegistry
    phrases: KnownPhrases
    learning: bool
    top_n: int
    weights: Weights
    tag: Callable[[list[str]], list[list[Unit]]]
    rankers: Callable[[], Any]
    recorder: Recorder = NO_RECORDER

    def note(
        self,
        paper: Paper,
        stage: str,
        role: Role,
        subject: str,
        action: Action,
        rule: str,
        *,
        text: str = "",
        score: float | None = None,
        threshold: float | None = None,
        detail: str = "",
    ) -> None:
        """Record one decision (call it only when ``recorder.enabled``)."""
        self.recorder.record(
            Decision(
                paper.index,
                stage,
                role,
                subject,
                text or subject,
                action,
                rule,
                score,
                threshold,
                detail,
            )
        )


class Stage(Protocol):
    """A named step of the extractor: reads some fields of each :class:`Paper`, sets others."""

    @property
    def name(self) -> str:
        """The stage's name, as decision records cite it."""
        ...

    @property
    def reads(self) -> tuple[str, ...]:
        """The :class:`Paper` fields the stage reads."""
        ...

    @property
    def sets(self) -> tuple[str, ...]:
        """The :class:`Paper` fields the stage sets."""
        ...

    def run(self, papers: Sequence[Paper], context: Context) -> None:
        """Do this stage's work on a batch of papers, in order."""
        ...


class PaperStage:
    """A stage that works on each paper alone (most do); subclasses define :meth:`run_one`."""

    name: str = ""
    reads: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()

    def run(self, papers: Sequence[Paper], context: Context) -> None:
        for paper in papers:
            self.run_one(paper, context)

    def run_one(self, paper: Paper, context: Context) -> None:
        raise NotImplementedError


def run_stages(stages: Sequence[Stage], papers: Sequence[Paper], context: Context) -> None:
    """Run ``stages`` in order over ``papers``."""
    for stage in stages:
        stage.run(papers, context)
