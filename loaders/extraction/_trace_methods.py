"""Which finder found a method name and which cue made it the paper's own, for the decision
records only: these read what :func:`._methods.find_methods` read, after it ran, and change
nothing."""

from __future__ import annotations

from ._kinds import occurrences
from ._methods import MethodCandidate, _named_after_trigger, _title_head, _title_named
from ._stages import Paper

__all__ = ["found_by", "proposed_by"]


def found_by(paper: Paper, method: MethodCandidate) -> str:
    """The id of the rule that found ``method`` in ``paper``."""
    name = method.name
    if name in {d.acronym for d in paper.defined.methods}:
        return "method.defined-acronym"
    if name in paper.prepared.emphasised:
        return "method.emphasised"
    if name in _named_after_trigger(paper.units):
        return "method.named-after-trigger"
    if name in _title_named(paper.units, paper.defined.proposed_at):
        return "method.title-named"
    if " " in name:
        return "method.capitals-run" if name.isupper() else "method.capitalised-name"
    return "method.name-shape"


def proposed_by(paper: Paper, method: MethodCandidate) -> str:
    """The id of the cue that makes ``method`` one the paper introduces."""
    if method.cue is not None:
        return method.cue
    units, defined = paper.units, paper.defined
    starts = [start for start, _ in occurrences(units, method)]
    head = _title_head(units, defined.title_end)
    if any(s in head for s in starts):
        return "proposed.title-head"
    if any(s > 0 and units[s - 1].text.lower() == "our" for s in starts):
        return "proposed.after-our"
    if any(s in defined.proposed_at for s in starts):
        return "proposed.proposing-clause"
    if method.name in paper.prepared.emphasised:
        return "proposed.emphasised"
    if method.name in _named_after_trigger(units):
        return "proposed.named-after-trigger"
    return "proposed.naming-cue"
