"""The last stages: embed the papers, score every candidate with KeyBERT, pick the concepts,
add the author keywords, let nested variants share a slot, and assemble each extraction."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._keybert import (
    _author_concepts,
    _best_first,
    _concept_hit,
    _expansion_keys,
    _keyword_phrases,
    _main_first,
    _method_hit,
    _phrase,
    _signals,
    _without_loose_start,
)
from ._ranking import crowded_out, keybert_similarities, relevances, select
from ._stages import Context, Paper, PaperStage
from ._types import ConceptHit, Extraction

__all__ = [
    "Assemble",
    "AuthorKeywords",
    "CrowdedOut",
    "EmbedOnce",
    "EmbedTwice",
    "MethodScores",
    "SelectConcepts",
    "Similarities",
]


class EmbedOnce:
    """Each paper embedded with MiniLM: the vector ranks its phrases and is stored."""

    name = "embed-documents"
    reads = ("prepared",)
    sets = ("ranking_vector", "stored_vector")

    def run(self, papers: Sequence[Paper], context: Context) -> None:
        vectors = context.rankers().phrases.documents([p.prepared.text for p in papers])
        for paper, vector in zip(papers, vectors):
            paper.ranking_vector = paper.stored_vector = vector


class EmbedTwice:
    """Fast mode: the static model's vector ranks the phrases, MiniLM's is stored (papers
    loaded in either mode share one vector space with the search queries)."""

    name = "embed-documents-twice"
    reads = ("prepared",)
    sets = ("ranking_vector", "stored_vector")

    def run(self, papers: Sequence[Paper], context: Context) -> None:
        rankers = context.rankers()
        texts = [p.prepared.text for p in papers]
        ranking, stored = rankers.phrases.documents(texts), rankers.papers.documents(texts)
        for paper, vector, kept in zip(papers, ranking, stored):
            paper.ranking_vector, paper.stored_vector = vector, kept


class Similarities:
    """One KeyBERT pass scores every concept candidate (its open form) and method phrase (as
    written) against its paper."""

    name = "keybert"
    reads = ("analysis", "ranking_vector", "prepared")
    sets = ("similarities",)

    def run(self, papers: Sequence[Paper], context: Context) -> None:
        rankers = context.rankers()
        phrases = [
            [*(c.phrase for c in a.candidates.values()), *(_phrase(m) for m in a.methods)]
            for a in (p.analysis for p in papers)
        ]
        sims = keybert_similarities(
            rankers.keybert,
            [p.prepared.text for p in papers],
            phrases,
            np.stack([p.ranking_vector for p in papers]),
            rankers.phrases,
        )
        for paper, found in zip(papers, sims):
            paper.similarities = found


class MethodScores(PaperStage):
    """Each method's score: its similarity, plus a bonus when the paper introduces it."""

    name = "method-scores"
    reads = ("analysis", "similarities")
    sets = ("method_hits",)

    def run_one(self, paper: Paper, context: Context) -> None:
        analysis, sims = paper.analysis, paper.similarities
        paper.method_hits = [
            _method_hit(
                m, sims.get(_phrase(m), 0.0), _expansion_keys(m, analysis, context.acronyms)
            )
            for m in analysis.methods
        ]
        if context.recorder.enabled:
            for hit, m in zip(paper.method_hits, analysis.methods):
                similarity = round(sims.get(_phrase(m), 0.0), 4)
                detail = f"similarity {similarity}" + (" + proposed bonus" if m.proposed else "")
                context.note(
                    paper,
                    self.name,
                    "method",
                    hit.key,
                    "scored",
                    "score",
                    text=hit.name,
                    score=hit.score,
                    detail=detail,
                )


class SelectConcepts(PaperStage):
    """The ``top_n`` concepts by relevance (similarity blended with title, frequency,
    commonness and wholeness), kept diverse by maximal marginal relevance."""

    name = "select-concepts"
    reads = ("analysis", "similarities")
    sets = ("concepts",)

    def run_one(self, paper: Paper, context: Context) -> None:
        analysis = paper.analysis
        keys = list(analysis.candidates)
        phrases = [analysis.candidates[k].phrase for k in keys]
        signals = [_signals(analysis.candidates[k]) for k in keys]
        by_key = {
            k: paper.similarities[p] for k, p in zip(keys, phrases) if p in paper.similarities
        }
        picked = select(
            keys,
            by_key,
            signals,
            context.rankers().phrases.phrases(phrases),
            top_n=context.top_n,
            weights=context.weights,
        )
        names = analysis.defined.names
        paper.concepts = [
            _concept_hit(analysis.candidates[k], score, analysis.acronyms, names)
            for k, score in picked
        ]
        if context.recorder.enabled and keys:
            relevance = relevances(keys, by_key, signals, context.weights)
            _note_selection(
                paper, context, self.name, keys, [float(r) for r in relevance], dict(picked)
            )


def _note_selection(
    paper: Paper,
    context: Context,
    stage: str,
    keys: list[str],
    relevance: list[float],
    picked: dict[str, float],
) -> None:
    lowest = min(picked.values(), default=None)
    for key, score in zip(keys, relevance):
        text = paper.analysis.candidates[key].name
        kept = key in picked
        # one as relevant as a pick that was not picked was too close to, or nested in, one
        # picked before it (maximal marginal relevance)
        close = lowest is not None and score >= lowest
        context.note(
            paper,
            stage,
            "concept",
            key,
            "scored" if kept else "dropped",
            "rank.top-n" if kept else "rank.mmr-diversity" if close else "rank.below-top-n",
            text=text,
            score=round(score, 4),
            threshold=lowest,
        )


class AuthorKeywords(PaperStage):
    """The authors' keywords join as concepts (cleaned, acronyms expanded as the text's
    are), each under the text's key where the text writes it; keys already present stay one."""

    name = "author-keywords"
    reads = ("doc", "analysis", "method_hits", "concepts")
    sets = ("concepts",)

    def run_one(self, paper: Paper, context: Context) -> None:
        taken = {m.key for m in paper.method_hits} | {c.key for c in paper.concepts}
        added = _author_concepts(paper.doc.keywords, paper.analysis, context.acronyms, taken)
        paper.concepts = [*paper.concepts, *added]
        if context.recorder.enabled:
            _note_keywords(paper, context, self.name, added)


def _note_keywords(paper: Paper, context: Context, stage: str, added: list[ConceptHit]) -> None:
    by_phrase = {hit.aliases[0]: hit for hit in added}
    for keyword in paper.doc.keywords:
        phrases = _keyword_phrases(keyword)
        if not phrases:
            context.note(paper, stage, "keyword", keyword, "dropped", "keyword.no-clean-phrase")
        for words in phrases:
            text = " ".join(words)
            hit = by_phrase.get(text)
            if hit is not None:
                context.note(
                    paper, stage, "concept", hit.key, "kept", "keyword.author", text=text, score=1.0
                )
            else:
                rule = "keyword.vague" if not _without_loose_start(words) else "keyword.key-present"
                context.note(paper, stage, "keyword", text, "dropped", rule)


class CrowdedOut(PaperStage):
    """Nested variants of one idea take one slot (``graph`` beside ``knowledge graph``); the
    author keywords, which joined after ranking, are weighed here too."""

    name = "crowded-out"
    reads = ("concepts", "analysis")
    sets = ("concepts",)

    def run_one(self, paper: Paper, context: Context) -> None:
        candidates = paper.analysis.candidates
        # an author wrote each of theirs whole
        fragments = {
            c.key for c in paper.concepts if c.source == "keybert" and not candidates[c.key].whole
        }
        keys = [c.key for c in paper.concepts]
        out = crowded_out(keys, fragments)
        if context.recorder.enabled:
            for key in (k for k in keys if k in out):  # in output order, not the set's
                nested = ", ".join(
                    k for k in keys if k != key and (k.endswith(" " + key) or key.endswith(" " + k))
                )
                context.note(
                    paper,
                    self.name,
                    "concept",
                    key,
                    "dropped",
                    "nested.crowded-out",
                    detail=f"nested with {nested}",
                )
        paper.concepts = [c for c in paper.concepts if c.key not in out]


class Assemble(PaperStage):
    """The paper's extraction: its concepts best first, its own methods main one first, the
    methods it uses best first, its vector and the acronyms it defines."""

    name = "assemble"
    reads = ("doc", "analysis", "method_hits", "concepts", "stored_vector")
    sets = ("extraction",)

    def run_one(self, paper: Paper, context: Context) -> None:
        methods = paper.analysis.methods
        hits = paper.method_hits
        paper.extraction = found = Extraction(
            concepts=tuple(paper.concepts),
            proposes=_main_first([h for h, m in zip(hits, methods) if m.proposed], paper.doc),
            uses=_best_first([h for h, m in zip(hits, methods) if not m.proposed]),
            embedding=tuple(paper.stored_vector.tolist()),
            definitions=tuple(sorted(paper.analysis.defined.concepts.items())),
        )
        if context.recorder.enabled:
            for role, hits_out in (
                ("output.proposes", found.proposes),
                ("output.uses", found.uses),
            ):
                for hit in hits_out:
                    context.note(
                        paper,
                        self.name,
                        "method",
                        hit.key,
                        "kept",
                        role,
                        text=hit.name,
                        score=hit.score,
                        detail=str(hit.kind),
                    )
            for concept in found.concepts:
                context.note(
                    paper,
                    self.name,
                    "concept",
                    concept.key,
                    "kept",
                    "output.concept",
                    text=concept.name,
                    score=concept.score,
                    detail=concept.source,
                )
