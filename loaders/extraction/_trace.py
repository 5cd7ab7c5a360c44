"""Decision records: why the extractor kept, dropped, merged, renamed, typed or scored a phrase.

Every stage of the pipeline (see :mod:`._stages`) may record what it decided about each
candidate of a paper: the stage, the action, and the rule (an id such as
``concept.restates-method``) or the score and threshold that decided. By default the recorder
is :data:`NO_RECORDER`, which keeps nothing, and stages ask :attr:`Recorder.enabled` before
they work out a reason, so extraction without ``--explain`` pays nothing for it. Recording
reads what the stages computed; it never changes their output.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

__all__ = ["ACTIONS", "NO_RECORDER", "Action", "Decision", "Recorder", "TraceRecorder"]

Action = Literal["kept", "dropped", "merged", "renamed", "typed", "scored"]
ACTIONS: tuple[Action, ...] = ("kept", "dropped", "merged", "renamed", "typed", "scored")
#: What a decision is about: a concept phrase, a method name, an acronym, an author keyword.
Role = Literal["concept", "method", "acronym", "keyword"]


@dataclass(frozen=True)
class Decision:
    """One stage's decision about one candidate of one paper.

    ``subject`` is the candidate's identity at that stage (a concept key, a method key, an
    acronym); ``text`` is how the paper writes it. ``rule`` is the id of the rule that decided,
    or ``score`` when ``score`` (against ``threshold``, where one applies) decided. ``detail``
    says what changed: the new key, the kind, what it merged into.
    """

    paper: int  # index of the paper in its batch
    stage: str
    role: Role
    subject: str
    text: str
    action: Action
    rule: str
    score: float | None = None
    threshold: float | None = None
    detail: str = ""


class Recorder(Protocol):
    """Where stages send their decisions; ``enabled`` false means nobody listens."""

    @property
    def enabled(self) -> bool:
        """Whether decisions are kept (stages skip working out reasons when not)."""
        ...

    def record(self, decision: Decision) -> None:
        """Keep ``decision``."""
        ...


class _NoRecorder:
    """Keeps nothing: the default, so extraction costs what it did without recording."""

    @property
    def enabled(self) -> bool:
        return False

    def record(self, decision: Decision) -> None:
        return None


NO_RECORDER: Recorder = _NoRecorder()


class TraceRecorder:
    """Keeps every decision, in the order the stages made them."""

    def __init__(self) -> None:
        self.decisions: list[Decision] = []

    @property
    def enabled(self) -> bool:
        return True

    def record(self, decision: Decision) -> None:
        self.decisions.append(decision)

    def for_paper(self, paper: int) -> tuple[Decision, ...]:
        """The decisions about the paper at index ``paper`` of its batch."""
        return tuple(d for d in self.decisions if d.paper == paper)
