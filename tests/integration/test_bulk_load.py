"""A bulk first load (`papergraph load --bulk`: neo4j-admin's offline importer, then the write
path's own steps) gives the graph an online load of the same input gives, and refuses a graph
that holds anything, writing nothing."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from _graphdump import difference, dump_graph
from neo4j import AsyncDriver
from test_load_cli import papergraph

from graph.writes import clear_graph
from loaders.extraction import Document, Extraction, MethodHit
from loaders.extraction._normalise import method_key
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import read_corpora
from loaders.records import PaperRecord
from papergraph.cli.bulk_load import bulk_ingest_papers
from papergraph.errors import InvalidInputError
from papergraph.settings import Settings
from papergraph.usecases.ingest import ingest_papers

pytestmark = pytest.mark.neo4j

REPO = Path(__file__).resolve().parents[2]
SOURCES = REPO / "tests" / "data" / "sources"
#: Named variants, names used before (and without) any paper typing them, a name no paper
#: types: what the write path leaves for the steps after a load.
VARIANTS = [
    {
        "id": "v-base",
        "title": "GraphSAGE: Sampling Neighbours",
        "year": 2019,
        "abstract": (
            "We propose GraphSAGE, which samples and aggregates neighbour features to learn "
            "inductive node embeddings on large citation graphs."
        ),
    },
    {
        "id": "v-use",
        "title": "Memory of Sampling",
        "year": 2021,
        "abstract": (
            "Sampling decides memory cost. We compare schemes on citation graphs with FooNet, "
            "GraphSAGE, BarNet and BazNet as backbones, and find that importance sampling "
            "keeps node embeddings accurate."
        ),
    },
    {
        "id": "v-variant",
        "title": "Faster Sampling",
        "abstract": (
            "We propose GraphSAGE-X, a variant of GraphSAGE that caches sampled neighbour "
            "features across epochs, so node embeddings on citation graphs train faster."
        ),
    },
]


class TypingExtractor(SimpleExtractor):
    """The deterministic extractor, with every second used name left untyped and a coined
    name with a hyphen a variant of the name before it (``GraphSAGE-X`` of ``GraphSAGE``)."""

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        return [self._typed(e) for e in super().extract(docs)]

    def _typed(self, found: Extraction) -> Extraction:
        uses = tuple(replace(h, kind=None) if i % 2 else h for i, h in enumerate(found.uses))
        return replace(found, proposes=tuple(map(_variant, found.proposes)), uses=uses)


def _variant(hit: MethodHit) -> MethodHit:
    base = hit.name.rsplit("-", 1)[0]
    if base == hit.name:
        return hit
    return replace(hit, variant_of=method_key(base), variant_phrase=hit.name, kind="model")


@pytest.fixture
def records(tmp_path: Path, seed_file: Path) -> list[PaperRecord]:
    variants = tmp_path / "variants.jsonl"
    variants.write_text("".join(json.dumps(r) + "\n" for r in VARIANTS), encoding="utf-8")
    files = [seed_file, variants, SOURCES / "openalex-citations.jsonl", SOURCES / "zotero.bib"]
    return read_corpora([*files, SOURCES / "s2-papers.jsonl"]).records


async def test_a_bulk_first_load_gives_the_graph_of_an_online_load(
    driver: AsyncDriver, neo4j_settings: Settings, records: list[PaperRecord]
) -> None:
    await ingest_papers(
        records, driver=driver, settings=neo4j_settings, extractor=TypingExtractor()
    )
    online = await dump_graph(driver, neo4j_settings)
    edges = {(a, t, b) for a, t, b, _ in online["edges"]}
    # the input exercises what the write path settles after a load
    assert ("Method:graphsage x", "VARIANT_OF", "Method:graphsage") in edges
    assert ("Paper:v-use", "USES", "Method:graphsage") in edges  # untyped, linked
    waiting = [dict(props) for _, props in online["nodes"] if "untypedKeys" in dict(props)]
    assert {"id": "'v-use'", "untypedKeys": "['baznet']"}.items() <= {
        k: v for w in waiting for k, v in w.items() if w["id"] == "'v-use'"
    }.items()
    assert {t for _, t, _ in edges} >= {"CITES", "WROTE", "RELATED_TO", "HAS_TOPIC"}
    await clear_graph(driver, database=neo4j_settings.neo4j_database)

    done = await bulk_ingest_papers(
        records, driver=driver, settings=neo4j_settings, extractor=TypingExtractor()
    )

    assert difference(online, await dump_graph(driver, neo4j_settings)) == {}
    papers = sum(1 for labels, _ in online["nodes"] if "Paper" in labels)
    assert done.report.written == done.counts.papers == papers


async def test_a_bulk_load_into_a_graph_holding_anything_is_refused_and_writes_nothing(
    driver: AsyncDriver, neo4j_settings: Settings, records: list[PaperRecord], tmp_path: Path
) -> None:
    await ingest_papers(
        records[:3], driver=driver, settings=neo4j_settings, extractor=SimpleExtractor()
    )
    before = await dump_graph(driver, neo4j_settings)

    with pytest.raises(InvalidInputError, match="not empty"):
        await bulk_ingest_papers(
            records, driver=driver, settings=neo4j_settings, extractor=SimpleExtractor()
        )
    corpus = tmp_path / "variants.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in VARIANTS), encoding="utf-8")
    cli = papergraph(neo4j_settings, "load", str(corpus), "--bulk")

    assert cli.returncode != 0
    assert "not empty" in cli.stderr + cli.stdout
    assert difference(before, await dump_graph(driver, neo4j_settings)) == {}
