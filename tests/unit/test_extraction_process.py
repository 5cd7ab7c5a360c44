"""The extractor `papergraph load` uses: the production extractor in worker processes."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from loaders.extraction import AcronymRegistry, Document, keybert_extractor, process_extractor
from papergraph.errors import ExtractionError

pytestmark = pytest.mark.model

SEED = Path(__file__).resolve().parents[2] / "examples" / "iclr2025-seed.txt"


def _seed_docs() -> list[Document]:
    paragraphs = SEED.read_text(encoding="utf-8").split("\n\n")[1:]
    return [Document(text=p.strip()) for p in paragraphs if p.strip()]


@pytest.mark.parametrize("workers", [1, 2])
def test_batches_in_flight_give_exactly_what_the_in_process_extractor_gives(workers: int) -> None:
    docs = _seed_docs()
    batches = [docs[:7], docs[7:13], docs[13:]]
    with process_extractor(workers=workers) as extractor:
        jobs = [extractor.submit(batch) for batch in batches]  # all three in flight at once
        in_children = [job.result(timeout=300) for job in jobs]
    in_process = keybert_extractor()
    assert in_children == [in_process.extract(batch) for batch in batches]


def test_each_worker_is_a_process_of_its_own() -> None:
    with process_extractor(workers=2) as extractor:
        extractor.extract(_seed_docs()[:2])
        assert extractor.parallel == 2
        assert len(extractor._pool._processes) == 2  # type: ignore[union-attr]


def test_acronyms_a_batch_defines_resolve_in_later_batches() -> None:
    registry = AcronymRegistry([("LLM", "large language model")])
    with process_extractor(acronyms=registry) as extractor:
        [defines] = extractor.extract(
            [Document(text="We train graph neural networks (GNNs) on molecules.")]
        )
        [uses] = extractor.extract([Document(text="LLMs and GNNs help molecular search.")])
    assert registry.resolve("GNN") == "graph neural network"  # learnt into the caller's registry
    assert ("GNN", "graph neural network") in defines.definitions
    keys = {c.key for c in uses.concepts}
    assert {"graph neural network", "large language model"} <= keys  # both resolved when scored


def test_embed_matches_the_in_process_extractor() -> None:
    with process_extractor() as extractor:
        vectors = extractor.embed(["graph neural networks"])
    assert vectors == keybert_extractor().embed(["graph neural networks"])


def test_a_dead_child_is_an_extraction_error_naming_the_fix() -> None:
    with process_extractor() as extractor:
        extractor.extract(_seed_docs()[:1])
        for pid in extractor._pool._processes:  # type: ignore[union-attr]
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(ExtractionError, match=r"stopped unexpectedly.*Run the load again"):
            extractor.extract(_seed_docs()[:1])
