"""A paper's main method comes first wherever its methods are listed (real Neo4j): the
extractor's order of what a paper proposes survives the write, so GraphQL lists the main method
first even when a part of it reads closer to the abstract (a higher score)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from _api import api_client, data
from _rows import abstract_record
from neo4j import AsyncDriver

from graph.export import to_networkx
from loaders.extraction import Document, Extraction, MethodHit
from loaders.pipeline import extract_and_write
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

ABSTRACT = (
    "We propose DyDiT, a dynamic diffusion transformer. Its Spatial-wise Dynamic Token (SDT) "
    "strategy skips tokens. DyDiT is trained with AdamW and evaluated on ImageNet with FID."
)
#: the extractor's order: the main method first, though its part scores higher
PROPOSES = (("dydit", "DyDiT", 0.41), ("sdt", "SDT", 0.72))
USES = (("fid", "FID", 0.55), ("adamw", "AdamW", 0.31))


class MainFirst:
    """An extractor that finds ``PROPOSES`` and ``USES`` in every abstract, in that order."""

    version = "main-first-1"
    dimensions = 256

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        return [
            Extraction(
                concepts=(),
                proposes=tuple(MethodHit(k, n, s, (), kind="model") for k, n, s in PROPOSES),
                uses=tuple(MethodHit(k, n, s, (), kind="metric") for k, n, s in USES),
                embedding=(1.0,) + (0.0,) * 255,
            )
            for _ in docs
        ]

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        return [(1.0,) + (0.0,) * 255 for _ in texts]


QUERY = """{ paper(id: "dydit") {
  proposes { key } uses { key } methodMentions { relation method { key } }
} }"""


async def test_the_main_method_is_listed_first_though_a_part_scores_higher(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await extract_and_write(
        [abstract_record("dydit", ABSTRACT)],
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=MainFirst(),
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    async with api_client(neo4j_settings) as client:
        paper = (await data(client, QUERY))["paper"]
    assert [m["key"] for m in paper["proposes"]] == ["dydit", "sdt"]
    assert [m["key"] for m in paper["uses"]] == ["fid", "adamw"]
    assert [(m["relation"], m["method"]["key"]) for m in paper["methodMentions"]] == [
        ("PROPOSES", "dydit"),
        ("PROPOSES", "sdt"),
        ("USES", "fid"),
        ("USES", "adamw"),
    ]
    # an export keeps the order too, for a notebook that sorts a paper's edges itself
    graph = to_networkx(neo4j_settings)
    ranks = {
        target: attrs["rank"]
        for _, target, attrs in graph.out_edges("Paper:dydit", data=True)
        if attrs["relationshipType"] in {"PROPOSES", "USES"}
    }
    assert ranks == {"Method:dydit": 1, "Method:sdt": 2, "Method:fid": 1, "Method:adamw": 2}
