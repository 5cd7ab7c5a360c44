"""The first stages: clean the text, tag it, find what it defines, learn the definitions."""

from __future__ import annotations

from collections.abc import Sequence

from ._analysis import define, prepare, with_known_acronyms
from ._stages import Context, Paper, PaperStage

__all__ = ["Clean", "Define", "KnownAcronyms", "LearnDefinitions", "Tag"]


class Clean(PaperStage):
    """Markup removed, the title's Title Case lowered, emphasised names noted."""

    name = "clean"
    reads = ("doc",)
    sets = ("prepared",)

    def run_one(self, paper: Paper, context: Context) -> None:
        paper.prepared = prepare(paper.doc)


class Tag:
    """POS tags from the small spaCy tagger, the whole batch at once."""

    name = "tag"
    reads = ("prepared",)
    sets = ("units",)

    def run(self, papers: Sequence[Paper], context: Context) -> None:
        for paper, units in zip(papers, context.tag([p.prepared.text for p in papers])):
            paper.units = units


class Define(PaperStage):
    """The acronyms the paper defines, split into concepts (``GNNs``) and method names."""

    name = "define"
    reads = ("units", "prepared")
    sets = ("defined",)

    def run_one(self, paper: Paper, context: Context) -> None:
        paper.defined = defined = define(paper.units, paper.prepared)
        if not context.recorder.enabled:
            return
        for acronym, key in defined.concepts.items():
            context.note(
                paper,
                self.name,
                "acronym",
                acronym,
                "renamed",
                "acronym.defined-concept",
                detail=key,
            )
        for definition in defined.methods:
            context.note(
                paper,
                self.name,
                "acronym",
                definition.acronym,
                "typed",
                "acronym.defined-method-name",
                detail="a method name, not a concept",
            )


class LearnDefinitions:
    """The registry learns every concept acronym the batch defines before any paper is
    analysed, so one defined anywhere in the batch resolves everywhere in it (skipped once a
    whole input was learnt ahead)."""

    name = "learn-definitions"
    reads = ("defined",)
    sets = ()

    def run(self, papers: Sequence[Paper], context: Context) -> None:
        if not context.learning:
            return
        for paper in papers:
            known = with_known_acronyms(paper.defined, context.acronyms)
            for acronym, key in known.concepts.items():
                context.acronyms.learn(acronym, key)


class KnownAcronyms(PaperStage):
    """Acronyms inside the paper's long forms expanded as the registry knows them."""

    name = "known-acronyms"
    reads = ("defined",)
    sets = ("defined",)

    def run_one(self, paper: Paper, context: Context) -> None:
        before = paper.defined
        paper.defined = with_known_acronyms(before, context.acronyms)
        if not context.recorder.enabled or paper.defined is before:
            return
        for acronym, key in paper.defined.concepts.items():
            if before.concepts.get(acronym) != key:
                context.note(
                    paper,
                    self.name,
                    "acronym",
                    acronym,
                    "renamed",
                    "acronym.registry-expansion",
                    detail=key,
                )
