"""Why each phrase of a paper became, or did not become, a concept or a method: the decision
records of :meth:`KeyBertExtractor.explain` grouped by candidate, as text or as JSON."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from ._rules import RULES
from ._trace import Decision
from ._types import Extraction

__all__ = ["explanation_json", "explanation_text"]

Subject = tuple[str, str]  # (role, subject)


def explanation_text(
    paper_id: str, title: str, extraction: Extraction, trace: Sequence[Decision]
) -> str:
    """One paper's explanation for people: its concepts, proposed and used methods in output
    order, then every other candidate, each with the stages that decided about it."""
    lines = [f"== {paper_id}  {title}".rstrip()]
    by_subject = _grouped(trace)
    shown: set[Subject] = set()
    for heading, subjects in _outputs(extraction):
        lines.append(f"{heading}:")
        for subject, label in subjects:
            lines += _block(label, by_subject.get(subject, []))
            shown.add(subject)
    rest = [s for s in by_subject if s not in shown]
    if rest:
        lines.append("not kept:")
        for subject in rest:
            decisions = by_subject[subject]
            lines += _block(f"{decisions[0].text} ({subject[0]})", decisions)
    return "\n".join(lines)


def explanation_json(
    paper_id: str, title: str, extraction: Extraction, trace: Sequence[Decision]
) -> dict[str, Any]:
    """One paper's explanation for programs: its outputs by key and every decision record."""
    return {
        "id": paper_id,
        "title": title,
        "concepts": [c.key for c in extraction.concepts],
        "proposes": [m.key for m in extraction.proposes],
        "uses": [m.key for m in extraction.uses],
        "decisions": [_record(d) for d in trace],
    }


def _record(decision: Decision) -> dict[str, Any]:
    row = asdict(decision)
    del row["paper"]
    return row


def _grouped(trace: Sequence[Decision]) -> dict[Subject, list[Decision]]:
    """Each candidate's decisions in stage order, candidates in the order first decided on."""
    grouped: dict[Subject, list[Decision]] = {}
    for decision in trace:
        grouped.setdefault((decision.role, decision.subject), []).append(decision)
    return grouped


def _outputs(extraction: Extraction) -> list[tuple[str, list[tuple[Subject, str]]]]:
    concepts = [(("concept", c.key), f"{c.name} [{c.key}]") for c in extraction.concepts]
    proposes = [(("method", m.key), f"{m.name} ({m.kind})") for m in extraction.proposes]
    uses = [(("method", m.key), f"{m.name} ({m.kind})") for m in extraction.uses]
    return [("concepts", concepts), ("proposes", proposes), ("uses", uses)]


def _block(label: str, decisions: Sequence[Decision]) -> list[str]:
    return [f"  {label}", *(f"    {_line(d)}" for d in decisions)]


def _line(decision: Decision) -> str:
    """``stage action rule [score (threshold)] — detail [why the rule says so]``."""
    line = f"{decision.stage:<18} {decision.action:<8} {decision.rule}"
    if decision.score is not None:
        line += f"  {decision.score:g}"
        if decision.threshold is not None:
            line += f" (threshold {decision.threshold:g})"
    if decision.detail:
        line += f"  — {decision.detail}"
    return f"{line}  [{RULES[decision.rule]}]" if decision.rule in RULES else line
