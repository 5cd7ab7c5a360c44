"""Loaders: read corpora, extract concepts and methods with KeyBERT, write them to the graph."""

from __future__ import annotations

from loaders._validate import to_record
from loaders.identity import content_id, match_key
from loaders.readers import FORMATS, detect_format, read_corpus
from loaders.records import CorpusWarning, PaperRecord

__all__ = [
    "FORMATS",
    "CorpusWarning",
    "PaperRecord",
    "content_id",
    "detect_format",
    "match_key",
    "read_corpus",
    "to_record",
]
