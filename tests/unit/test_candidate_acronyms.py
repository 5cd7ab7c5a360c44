"""The acronyms a load asks the graph for: every acronym its documents' extraction can look up in
the registry (a superset, read from the texts alone), and nothing from plain prose."""

from __future__ import annotations

import random
from pathlib import Path

from _corpora import iclr2021_records

from loaders.extraction import AcronymRegistry, Document, candidate_acronyms, keybert_extractor
from loaders.extraction._acronyms import _acronym
from loaders.extraction._registry import acronym_form

SEED = Path(__file__).resolve().parents[2] / "examples" / "iclr2025-seed.txt"


class Spying(AcronymRegistry):
    """A registry that remembers every word the extractor looks up."""

    def __init__(self) -> None:
        super().__init__()
        self.looked_up: set[str] = set()

    def resolve(self, acronym: str) -> str | None:
        self.looked_up.add(acronym)
        return super().resolve(acronym)


def seed_docs() -> list[Document]:
    paragraphs = SEED.read_text(encoding="utf-8").split("\n\n")[1:]
    return [Document(text=p.strip()) for p in paragraphs if p.strip()]


def synthetic_docs(count: int) -> list[Document]:
    """Papers with titles and author keywords, which the extractor reads too."""
    records = random.Random(7).sample(iclr2021_records(), count)
    return [
        Document(text=str(r["abstract"]), title=str(r["title"]), keywords=tuple(r["keywords"]))  # type: ignore[arg-type]
        for r in records
    ]


def test_forms_are_singular_and_found_in_markup_keywords_and_glued_units() -> None:
    doc = Document(
        text=r"Graph neural networks (GNNs) in $\texttt{DyAug}$ fit in 100GB of memory.",
        title="Scaling GNNs",
        keywords=("LLMs", "Embodied-AI"),
    )
    assert {"GNN", "DyAug", "GB", "LLM", "AI"} <= candidate_acronyms([doc])


def test_a_shouted_plural_is_asked_for_as_the_extractor_makes_it_singular() -> None:
    doc = Document(text="SAFETY STRATA and VULNERABILITIES of deployed models.")
    assert {"STRATum", "VULNERABILITy"} <= candidate_acronyms([doc])


def test_a_lowercase_keyword_asks_for_an_acronym_the_domain_writes_in_capitals() -> None:
    doc = Document(text="We study safety.", keywords=("ai safety", "feature map"))
    found = candidate_acronyms([doc])
    assert "AI" in found
    assert "MAP" not in found  # ``map`` is written in lowercase


def test_plain_prose_asks_for_nothing() -> None:
    doc = Document(text="We study how the models learn. The results hold in 3D scenes.")
    assert candidate_acronyms([doc]) == set()


def test_every_acronym_the_extractor_looks_up_is_asked_for() -> None:
    docs = [*seed_docs(), *synthetic_docs(40)]
    registry = Spying()
    extractor = keybert_extractor(acronyms=registry, fast=True)
    extractor.extract(docs)
    # a stored definition's acronym is what find_definitions accepts, in its registry form
    definable = {f for w in registry.looked_up if _acronym(f := acronym_form(w))}
    assert definable  # the corpus does look acronyms up
    assert definable <= candidate_acronyms(docs)
