"""Each package's public names are pinned: a name added to or dropped from ``__all__`` is a
change of what users import (``from papergraph.settings import load_settings``), made on purpose here."""

from __future__ import annotations

import importlib

import pytest

PUBLIC = {
    "graph": [],  # its modules are the public surface (graph.queries, graph.export, ...)
    "api": ["TEXT_LIMIT", "create_app", "make_schema", "print_schema", "schema"],
    "loaders": [
        "CorpusWarning",
        "FORMATS",
        "PaperRecord",
        "content_id",
        "detect_format",
        "match_key",
        "read_corpus",
        "to_record",
    ],
    "loaders.extraction": [
        "AcronymRegistry",
        "CAPITALS_TABLE",
        "COMPOUND_TABLE",
        "ConceptHit",
        "Decision",
        "Document",
        "Extraction",
        "KeyBertExtractor",
        "KeyphraseExtractor",
        "LearnsAcronyms",
        "LearnsAhead",
        "MINILM_DIMENSIONS",
        "MODIFIER_TABLE",
        "MethodHit",
        "PipelinedExtractor",
        "ProcessExtractor",
        "RULES",
        "RayExtractor",
        "STATIC_DIMENSIONS",
        "STATIC_MODEL_DIR",
        "STOPWORDS",
        "TOPIC_TABLE",
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
    ],
    "papergraph.cli": ["main"],  # the command line: used as `papergraph …`
    "papergraph": [],  # imports nothing: the errors and settings below pull in no CLI
    "papergraph.errors": [
        "AuthenticationError",
        "ConfigError",
        "CorpusError",
        "ExportError",
        "ExtractionError",
        "GraphUnavailableError",
        "InvalidInputError",
        "Neo4jServerError",
        "NotFoundError",
        "PapergraphError",
        "QueryTimeoutError",
        "QueryTooCostlyError",
        "UnauthenticatedError",
        "UnconfirmedWriteError",
    ],
    "papergraph.settings": [
        "LEGACY_PASSWORD",
        "Settings",
        "env_var",
        "load_settings",
        "machine_cores",
    ],
}


@pytest.mark.parametrize("package", sorted(PUBLIC))
def test_public_names_are_pinned_and_importable(package: str) -> None:
    module = importlib.import_module(package)
    assert sorted(module.__all__) == PUBLIC[package]
    assert all(hasattr(module, name) for name in module.__all__)
