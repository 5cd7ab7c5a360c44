"""The draft-analysis use case (``analyzeText``, ``papergraph analyze``): extract an unpublished
abstract as a load would, write nothing, and say where it sits in the graph.

Extraction is the ingest use case's (:func:`papergraph.usecases.ingest.extract`, after learning the
acronyms stored papers define), so a draft is read exactly as a loaded paper would be. Then: how
many papers have each of its concepts and methods, each concept's broader concept in the graph
(:mod:`graph.hierarchy`'s rules), the nearest papers with their reasons, and what looks new —
terms at most :data:`FEW_PAPERS` papers have.
"""

from __future__ import annotations

import asyncio

from graph.hierarchy import broader_candidates, choose_broader
from graph.models import ConceptView, DraftAnalysis, DraftTerm, MethodView
from graph.queries import GraphReader, draft_related, entity_paper_counts, existing_concepts
from loaders import to_record
from loaders.assemble import candidates
from loaders.extraction import Extraction, KeyphraseExtractor, LearnsAcronyms
from loaders.pipeline import seed_acronyms
from loaders.records import PaperRecord
from papergraph.errors import InvalidInputError
from papergraph.usecases.ingest import extract

__all__ = ["FEW_PAPERS", "analyze_text"]

#: A term this many papers have, or fewer, looks new.
FEW_PAPERS = 2


async def analyze_text(
    text: str, *, reader: GraphReader, extractor: KeyphraseExtractor, first: int = 10
) -> DraftAnalysis:
    """Analyse ``text`` (an abstract, markup allowed) against the graph without writing."""
    record = _record(text)
    if isinstance(extractor, LearnsAcronyms):
        docs = [c.document() for c in candidates([record])]
        await seed_acronyms(
            reader.driver, database=reader.database, registry=extractor.acronyms, docs=docs
        )
    found = await asyncio.to_thread(extract, [record], extractor=extractor)
    if not found:
        raise InvalidInputError("`text` holds no abstract (empty or a placeholder).")
    extraction = found[0][1]
    concepts, methods = await _terms(reader, extraction)
    broader = [(c.broader.key, c.name, c.score) for c in concepts if c.broader]
    related = await draft_related(
        reader,
        concepts=[(c.key, c.score) for c in concepts],
        methods=[(m.key, m.score) for m in methods],
        broader=broader,
        embedding=extraction.embedding,
        first=first,
    )
    new = tuple(t for t in (*concepts, *methods) if t.paper_count <= FEW_PAPERS)
    return DraftAnalysis(concepts=concepts, methods=methods, related=related, new=new)


def _record(text: str) -> PaperRecord:
    if not text.strip():
        raise InvalidInputError("`text` is empty: give the abstract of your draft.")
    record = to_record({"abstract": text}, path="text", line=1)
    if not isinstance(record, PaperRecord):
        raise InvalidInputError(f"`text`: {record.reason}")
    return record


async def _terms(
    reader: GraphReader, extraction: Extraction
) -> tuple[tuple[DraftTerm, ...], tuple[DraftTerm, ...]]:
    hits = [*extraction.proposes, *extraction.uses]
    known_concepts, known_methods = await entity_paper_counts(
        reader, concepts=[c.key for c in extraction.concepts], methods=[m.key for m in hits]
    )
    broader = await _broader(reader, {c.key: [c.name] for c in extraction.concepts})
    concepts = tuple(
        DraftTerm(
            key=c.key,
            name=c.name,
            kind="concept",
            score=c.score,
            paper_count=_count(known_concepts.get(c.key)),
            broader=broader.get(c.key),
        )
        for c in extraction.concepts
    )
    kinds = [("proposes", m) for m in extraction.proposes] + [("uses", m) for m in extraction.uses]
    methods = tuple(
        DraftTerm(
            key=m.key,
            name=m.name,
            kind=kind,
            score=m.score,
            paper_count=_count(known_methods.get(m.key)),
        )
        for kind, m in kinds
    )
    return concepts, methods


def _count(view: ConceptView | MethodView | None) -> int:
    return view.paper_count if view else 0


async def _broader(reader: GraphReader, names: dict[str, list[str]]) -> dict[str, ConceptView]:
    """Each key's broader concept in the graph by the hierarchy's rules (``names``: each key's
    written forms in the draft)."""
    wanted = sorted({c for key in names for c in broader_candidates(key)})
    existing = await existing_concepts(reader, keys=wanted)
    chosen = {k: b for k, b in choose_broader(names, existing).items() if b}
    views, _ = await entity_paper_counts(reader, concepts=sorted(set(chosen.values())), methods=[])
    return {k: views[b] for k, b in chosen.items() if b in views}
