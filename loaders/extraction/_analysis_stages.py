"""The model-free analysis stages: concept candidates, method names, their kinds and lineage,
and the candidates that restate a method or are no established phrase."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from ._analysis import (
    Analysis,
    concept_expander,
    concept_resolver,
    mark_not_introduced,
    restating_rule,
    used_acronyms,
    without_methods,
)
from ._candidates import Candidate, collect_candidates
from ._kinds import assign_kinds, link_variants
from ._methods import MethodCandidate, find_methods
from ._normalise import is_acronym
from ._not_concepts import filler, reports, verb_forms
from ._own_names import read_own_names
from ._senses import marked_long_forms, sense_key
from ._stages import Context, Paper, PaperStage
from ._trace import Action
from ._trace_methods import found_by, proposed_by

__all__ = [
    "Analysed",
    "Candidates",
    "Established",
    "Kinds",
    "LearnPhrases",
    "Methods",
    "NotConcepts",
    "NotMethods",
    "Variants",
]


class Candidates(PaperStage):
    """Every noun phrase of the paper and the well-formed phrases inside it, by key."""

    name = "candidates"
    reads = ("units", "defined", "prepared")
    sets = ("candidates",)

    def run_one(self, paper: Paper, context: Context) -> None:
        defined = paper.defined
        expand = concept_expander(concept_resolver(defined, context.acronyms))
        paper.candidates = collect_candidates(
            paper.units,
            title_end=defined.title_end,
            expand=expand,
            symbols=paper.prepared.symbols,
            long_forms=defined.long_forms,
        )
        if context.recorder.enabled:
            for key, candidate in paper.candidates.items():
                _note_candidate(paper, context, self.name, key, candidate)


def _note_candidate(paper: Paper, context: Context, stage: str, key: str, c: Candidate) -> None:
    rule = "chunk.whole-phrase" if c.whole else "chunk.inner-phrase"
    context.note(paper, stage, "concept", key, "kept", rule, text=c.name)
    if len(c.surfaces) > 1:
        surfaces = ", ".join(c.surfaces)
        context.note(paper, stage, "concept", key, "merged", "key.merged-wordings", detail=surfaces)
    written = c.surfaces[0]
    if written.lower() == key:
        return
    # an acronym the key no longer holds was replaced by its expansion
    expanded = any(is_acronym(w) and w.lower() not in key for w in written.split(" "))
    rule = "acronym.expanded" if expanded else "key.normalised"
    context.note(paper, stage, "concept", key, "renamed", rule, text=written, detail=key)


class NotConcepts(PaperStage):
    """Candidates that name no concept go: fillers (an evaluative modifier on a vague head,
    ``slow inference``), reports on the research (``generalization capabilities``) and
    phrases holding a verb the tagger read as a noun (``mitigates numerical issues``); the
    noun phrases beside such a verb are written whole."""

    name = "not-concepts"
    reads = ("candidates",)
    sets = ("candidates",)

    def run_one(self, paper: Paper, context: Context) -> None:
        candidates = paper.candidates
        written_as = {s: k for k, c in candidates.items() for s in c.surfaces}
        for key, candidate in list(candidates.items()):
            written, head = candidate.surfaces[0].split(" "), key.rsplit(" ", 1)[-1]
            verbs = verb_forms(written)
            if verbs:
                del candidates[key]
                _note_dropped(paper, context, self.name, key, candidate, "concept.verb-form")
                for part in _beside(written, verbs) if candidate.whole else ():
                    _written_whole(paper, context, self.name, written_as.get(part))
            elif filler([w.lower() for w in written[:-1]], head):
                del candidates[key]
                _note_dropped(paper, context, self.name, key, candidate, "concept.filler")
            elif reports(head):
                del candidates[key]
                _note_dropped(paper, context, self.name, key, candidate, "concept.report")


def _beside(words: list[str], verbs: list[int]) -> list[str]:
    """The word runs of ``words`` between its verbs, as written."""
    bounds = [-1, *verbs, len(words)]
    runs = (words[a + 1 : b] for a, b in pairwise(bounds))
    return [" ".join(run) for run in runs if run]


def _written_whole(paper: Paper, context: Context, stage: str, key: str | None) -> None:
    candidate = paper.candidates.get(key) if key else None
    if key is None or candidate is None or candidate.whole:
        return
    candidate.whole = candidate.headed = True
    if context.recorder.enabled:
        context.note(
            paper, stage, "concept", key, "kept", "concept.beside-verb", text=candidate.name
        )


def _note_dropped(
    paper: Paper, context: Context, stage: str, key: str, candidate: Candidate, rule: str
) -> None:
    if context.recorder.enabled:
        context.note(paper, stage, "concept", key, "dropped", rule, text=candidate.name)


class Methods(PaperStage):
    """The method names the paper writes, those it introduces marked proposed."""

    name = "methods"
    reads = ("units", "defined", "prepared")
    sets = ("methods",)

    def run_one(self, paper: Paper, context: Context) -> None:
        resolve = concept_resolver(paper.defined, context.acronyms)
        paper.methods = find_methods(
            paper.units,
            proposed_at=paper.defined.proposed_at,
            emphasised=paper.prepared.emphasised,
            definitions=paper.defined.methods,
            is_concept=lambda word: resolve(word) is not None,
        )
        marked_long_forms(paper.methods, paper.units)
        mark_not_introduced(paper.units, paper.methods, paper.defined, paper.prepared.emphasised)
        paper.methods = read_own_names(
            paper.units,
            paper.methods,
            proposed_at=paper.defined.proposed_at,
            title_end=paper.defined.title_end,
            emphasised=paper.prepared.emphasised,
        )
        if context.recorder.enabled:
            for method in paper.methods:
                _note_method(paper, context, self.name, method)


def _note_method(paper: Paper, context: Context, stage: str, method: MethodCandidate) -> None:
    sensed = sense_key(method)  # the key the method's hit carries
    context.note(paper, stage, "method", sensed, "kept", found_by(paper, method), text=method.name)
    if method.aliases:
        aliases = ", ".join(method.aliases)
        context.note(paper, stage, "method", sensed, "merged", "method.aliases", detail=aliases)
    if sensed != method.key:
        context.note(
            paper, stage, "method", sensed, "renamed", "method.homonym-sense", detail=method.key
        )
    rule = proposed_by(paper, method) if method.proposed else method.cue or "method.used"
    detail = "proposes" if method.proposed else "uses"
    context.note(paper, stage, "method", sensed, "typed", rule, detail=detail)


class Kinds(PaperStage):
    """Each method's kind from the strongest cue the text gives; names beside ``task``,
    ``team`` … name no method and go."""

    name = "kinds"
    reads = ("units", "methods")
    sets = ("methods",)

    def run_one(self, paper: Paper, context: Context) -> None:
        before = paper.methods
        paper.methods = assign_kinds(paper.units, before)
        if not context.recorder.enabled:
            return
        kept = {id(m) for m in paper.methods}
        for method in before:
            cue = method.kind_cue or "kind.no-cue"
            if id(method) not in kept:
                detail = "names no method"
                context.note(
                    paper, self.name, "method", sense_key(method), "dropped", cue, detail=detail
                )
                continue
            context.note(
                paper, self.name, "method", sense_key(method), "typed", cue, detail=str(method.kind)
            )


class Variants(PaperStage):
    """Which name each method varies (``SD-LoRA`` → ``LoRA``); a base named only inside its
    variant joins as a used method, and a variant's base is not the paper's own unless the
    paper introduces it before any variant."""

    name = "variants"
    reads = ("units", "methods", "defined")
    sets = ("methods",)

    def run_one(self, paper: Paper, context: Context) -> None:
        resolve = concept_resolver(paper.defined, context.acronyms)
        before = {id(m): (m.proposed, m.kind) for m in paper.methods}
        paper.methods = link_variants(
            paper.units,
            paper.methods,
            is_concept=lambda word: resolve(word) is not None,
            proposed_at=paper.defined.proposed_at,
        )
        if context.recorder.enabled:
            for method in paper.methods:
                _note_variant(paper, context, self.name, method, before.get(id(method)))


def _note_variant(
    paper: Paper,
    context: Context,
    stage: str,
    method: MethodCandidate,
    before: tuple[bool, str | None] | None,
) -> None:
    key = sense_key(method)
    if before is None:
        context.note(
            paper, stage, "method", key, "kept", "variant.base-of-named-variant", text=method.name
        )
        context.note(paper, stage, "method", key, "typed", "method.used", detail="uses")
    elif before[0] and not method.proposed:
        context.note(
            paper, stage, "method", key, "typed", "variant.base-not-proposed", detail="uses"
        )
    if before is not None and before[1] != method.kind:
        context.note(
            paper, stage, "method", key, "typed", "kind.from-variant", detail=str(method.kind)
        )
    if method.variant_of:
        rule = (
            "variant.text-cue"
            if method.variant_cue
            else "variant.name-structure"
            if method.variant_phrase == method.name
            else "variant.long-form"
        )
        context.note(
            paper, stage, "method", key, "typed", rule, detail=f"variant of {method.variant_of}"
        )


class NotMethods(PaperStage):
    """Concept candidates that restate one of the paper's methods, or hold an organisation,
    go; what is left is packed as the paper's :class:`Analysis`."""

    name = "not-methods"
    reads = ("candidates", "methods", "units", "defined")
    sets = ("candidates", "acronyms")

    def run_one(self, paper: Paper, context: Context) -> None:
        before = paper.candidates
        paper.candidates = without_methods(before, paper.methods)
        paper.acronyms = used_acronyms(
            paper.units, concept_resolver(paper.defined, context.acronyms)
        )
        if not context.recorder.enabled:
            return
        for key, candidate in before.items():
            if key in paper.candidates:
                rule = "concept.not-a-method"
            else:
                rule = restating_rule(key, candidate, paper.methods) or "concept.restates-method"
            action: Action = "kept" if key in paper.candidates else "dropped"
            context.note(paper, self.name, "concept", key, action, rule, text=candidate.name)


class Analysed(PaperStage):
    """The analysis packed for the scoring stages (which may run in another process)."""

    name = "analysed"
    reads = ("candidates", "methods", "acronyms", "units", "defined")
    sets = ("analysis",)

    def run_one(self, paper: Paper, context: Context) -> None:
        paper.analysis = Analysis(
            paper.candidates, paper.methods, paper.acronyms, len(paper.units), paper.defined
        )


class LearnPhrases:
    """The known phrases learn the whole phrases of every paper of the batch before any
    paper's inner phrases are kept or dropped (skipped once a whole input was learnt ahead)."""

    name = "learn-phrases"
    reads = ("analysis",)
    sets = ()

    def run(self, papers: Sequence[Paper], context: Context) -> None:
        if context.learning:
            for paper in papers:
                context.phrases.learn(paper.analysis.candidates)


class Established(PaperStage):
    """An inner phrase stays only where it is established: this paper writes it whole, or
    enough papers read so far do, and it is not only ever a modifier of the next word."""

    name = "established"
    reads = ("analysis",)
    sets = ("analysis",)

    def run_one(self, paper: Paper, context: Context) -> None:
        before = paper.analysis.candidates
        paper.analysis.candidates = context.phrases.established(before)
        if not context.recorder.enabled:
            return
        needed = float(context.phrases.needed)
        for key, candidate in before.items():
            papers = float(context.phrases.papers_writing(key))
            kept = key in paper.analysis.candidates
            action: Action = "kept" if kept else "dropped"
            context.note(
                paper,
                self.name,
                "concept",
                key,
                action,
                _established_rule(candidate, kept=kept, papers=papers, needed=needed),
                text=candidate.name,
                score=None if candidate.whole else papers,
                threshold=None if candidate.whole else needed,
            )


def _established_rule(candidate: Candidate, *, kept: bool, papers: float, needed: float) -> str:
    if candidate.whole:
        return "phrase.written-whole"
    if kept:
        return "phrase.established"
    return "phrase.modifier-only" if papers >= needed else "phrase.not-established"
