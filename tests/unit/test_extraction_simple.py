"""SimpleExtractor: the deterministic test double honours the KeyphraseExtractor contract."""

from __future__ import annotations

from loaders.extraction import Document, KeyphraseExtractor
from loaders.extraction.simple import SimpleExtractor

DOCS = [
    Document(
        text="We propose DyAug for dynamic graphs. Dynamic graphs change; SGD trains it.",
        title="DyAug",
    ),
    Document(text="Graph neural networks and graph neural networks again.", keywords=("GNN",)),
]


def test_is_a_keyphrase_extractor_with_one_result_per_document() -> None:
    extractor = SimpleExtractor()
    assert isinstance(extractor, KeyphraseExtractor)
    results = extractor.extract(DOCS)
    assert len(results) == len(DOCS)
    assert all(len(r.embedding) == extractor.dimensions for r in results)


def test_is_deterministic_and_separates_proposed_from_used() -> None:
    first, second = SimpleExtractor().extract(DOCS), SimpleExtractor().extract(DOCS)
    assert first == second
    assert [m.name for m in first[0].proposes] == ["DyAug"]
    assert "SGD" in [m.name for m in first[0].uses]
    assert any(c.source == "author" for c in first[1].concepts)
