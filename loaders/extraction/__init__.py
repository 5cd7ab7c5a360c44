"""Concept keyphrases and method names from research-paper abstracts, fully offline.

Pipeline of :func:`keybert_extractor`, one batch at a time, as named stages in order (see
``_pipeline``; :meth:`KeyBertExtractor.explain` records what each stage decided and why):

1. ``clean``, ``tag``, ``define``: markup removed, a small spaCy tagger distilled from
   ``en_core_web_sm`` tags the text (hyphenated compounds glued back), and the acronym
   definitions (``graph neural networks (GNNs)``) are split into concepts and method names.
2. ``learn-definitions``, ``known-acronyms``: the :class:`AcronymRegistry` learns the batch's
   concept acronyms, so later mentions of ``GNNs`` in any paper map to the same key.
3. ``candidates``, ``methods``, ``kinds``, ``variants``, ``not-methods``: whole noun phrases
   by key; method names from naming patterns (``termed X``, ``we propose X``, ``X: title``,
   ``\\texttt{X}``) and coined tokens (``DyAug``), typed by kind and linked to what they vary;
   concepts that are, or restate, a method name are dropped.
4. ``learn-phrases``, ``established``: an inner phrase stays where it is established.
5. ``embed-documents``, ``keybert``, ``method-scores``, ``select-concepts``: KeyBERT scores
   phrases against the document with all-MiniLM-L6-v2 on ONNX Runtime (``fast=True``: a
   static model2vec model distilled from it); MMR keeps the top ``top_n`` diverse.
6. ``author-keywords``, ``crowded-out``, ``assemble``: author keywords join, nested variants
   share one slot, and the extraction is put together.

``import loaders.extraction`` is cheap: models and heavy libraries load on first use, and the
extractor classes (:class:`KeyBertExtractor`, :class:`ProcessExtractor`, :class:`RayExtractor`)
are imported when first named.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING

from ._analysis import prepare
from ._candidates import attributive_participle
from ._capitals import CAPITALS_TABLE
from ._compounds import COMPOUND_TABLE
from ._explain import explanation_json, explanation_text
from ._lookups import candidate_acronyms
from ._models import (
    MINILM_DIMENSIONS,
    STATIC_DIMENSIONS,
    STATIC_MODEL_DIR,
    load_minilm,
    load_static_model,
    load_tagger,
    minilm_path,
    models_home,
    models_to_prepare,
    prepare_models,
)
from ._modifiers import MODIFIER_TABLE
from ._normalise import STOPWORDS, concept_key
from ._orphans import exit_without
from ._registry import AcronymRegistry
from ._rules import RULES
from ._topics import TOPIC_TABLE
from ._trace import Decision
from ._types import (
    ConceptHit,
    Document,
    Extraction,
    KeyphraseExtractor,
    LearnsAcronyms,
    LearnsAhead,
    MethodHit,
    PipelinedExtractor,
)
from ._wordforms import in_lexicon

if TYPE_CHECKING:
    from ._keybert import KeyBertExtractor
    from ._process import ProcessExtractor
    from ._ray import RayExtractor

__all__ = [
    "CAPITALS_TABLE",
    "COMPOUND_TABLE",
    "MINILM_DIMENSIONS",
    "MODIFIER_TABLE",
    "RULES",
    "STATIC_DIMENSIONS",
    "STATIC_MODEL_DIR",
    "STOPWORDS",
    "TOPIC_TABLE",
    "AcronymRegistry",
    "ConceptHit",
    "Decision",
    "Document",
    "Extraction",
    "KeyBertExtractor",
    "KeyphraseExtractor",
    "LearnsAcronyms",
    "LearnsAhead",
    "MethodHit",
    "PipelinedExtractor",
    "ProcessExtractor",
    "RayExtractor",
    "attributive_participle",
    "candidate_acronyms",
    "concept_key",
    "exit_without",
    "explanation_json",
    "explanation_text",
    "in_lexicon",
    "keybert_extractor",
    "load_minilm",
    "load_static_model",
    "load_tagger",
    "minilm_path",
    "models_home",
    "models_to_prepare",
    "prepare",
    "prepare_models",
    "process_extractor",
    "ray_extractor",
]

#: The classes whose modules are imported on first use (PEP 562), and those modules.
_LAZY = {"KeyBertExtractor": "_keybert", "ProcessExtractor": "_process", "RayExtractor": "_ray"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def keybert_extractor(
    *,
    top_n: int = 10,
    model_dir: Path | None = None,
    acronyms: AcronymRegistry | None = None,
    fast: bool = False,
    device: str = "auto",
) -> KeyphraseExtractor:
    """Return the production extractor (models load lazily, on the first call).

    ``model_dir`` (default ``~/.cache/papergraph/models``) holds the models prepared on first
    use (MiniLM exported to ONNX, the distilled static model) and the phrase-embedding cache.
    ``fast`` ranks with the static model instead of MiniLM: several times faster, less
    accurate (see the README's quality table). Pass the same ``acronyms`` registry to later
    runs to keep resolving acronyms defined earlier. ``device`` is where MiniLM runs:
    ``cuda`` (a GPU, through PyTorch), ``cpu`` (ONNX Runtime) or ``auto`` (``cuda`` when torch
    sees a GPU). Raises :class:`papergraph.errors.ExtractionError` when a model package is missing,
    or ``cuda`` is asked for where torch sees no GPU.
    """
    from ._keybert import KeyBertExtractor

    return KeyBertExtractor(
        top_n=top_n, model_dir=model_dir, acronyms=acronyms, fast=fast, device=device
    )


def process_extractor(
    *,
    workers: int = 1,
    top_n: int = 10,
    model_dir: Path | None = None,
    acronyms: AcronymRegistry | None = None,
    fast: bool = False,
    device: str = "auto",
) -> ProcessExtractor:
    """The production extractor in ``workers`` child processes, each tagging and scoring
    whole batches, every batch analysed in this process in order (for big loads: the parent
    is left free to write to Neo4j, and the batches spread over the cores). Use it as a
    context manager; the children load their models on entry. Same options and results as
    :func:`keybert_extractor`, whatever ``workers``."""
    from ._process import ProcessExtractor

    return ProcessExtractor(
        workers=workers,
        top_n=top_n,
        model_dir=model_dir,
        acronyms=acronyms,
        fast=fast,
        device=device,
    )


def ray_extractor(
    *,
    address: str | None = None,
    workers: int | None = None,
    top_n: int = 10,
    model_dir: Path | None = None,
    acronyms: AcronymRegistry | None = None,
    fast: bool = False,
    device: str = "auto",
) -> RayExtractor:
    """The production extractor on Ray (``pip install 'papergraph[ray]'``): tagging and ranking
    as Ray actors, ``workers`` of them (default one per CPU of the cluster), each loading its
    models once; ``address`` is the cluster's (``None``: a local Ray on loopback). Use it as a
    context manager. Same options and results as :func:`keybert_extractor`."""
    from ._ray import RayExtractor

    return RayExtractor(
        address=address,
        workers=workers,
        top_n=top_n,
        model_dir=model_dir,
        acronyms=acronyms,
        fast=fast,
        device=device,
    )
