"""A graph whose paper vectors come from another embedding model is brought to the current
model by the next load: the vector index is remade for the new size, and every paper embedded
anew (real Neo4j)."""

from __future__ import annotations

from pathlib import Path

import pytest
from neo4j import AsyncDriver

from graph.queries import GraphReader, similar_to_text
from loaders.extraction.simple import SimpleExtractor
from loaders.readers import read_corpus
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import ingest_papers

pytestmark = pytest.mark.neo4j


async def _vector_sizes(driver: AsyncDriver, database: str) -> tuple[list[int], int]:
    records, _, _ = await driver.execute_query(
        "MATCH (p:Paper) RETURN collect(DISTINCT size(p.embedding)) AS sizes", database_=database
    )
    index, _, _ = await driver.execute_query(
        "SHOW INDEXES YIELD name, options WHERE name = 'paper_embedding' "
        "RETURN options.indexConfig['vector.dimensions'] AS dimensions",
        database_=database,
    )
    return sorted(records[0]["sizes"]), int(index[0]["dimensions"])


async def test_the_next_load_embeds_an_older_graph_anew(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    database = neo4j_settings.neo4j_database
    records = [r for r in read_corpus(seed_file) if isinstance(r, PaperRecord)]
    old, new = SimpleExtractor(dimensions=256), SimpleExtractor(dimensions=384)
    await ingest_papers(records[:6], driver=driver, settings=neo4j_settings, extractor=old)
    assert await _vector_sizes(driver, database) == ([256], 256)
    await ingest_papers(records[6:8], driver=driver, settings=neo4j_settings, extractor=new)
    assert await _vector_sizes(driver, database) == ([384], 384)
    # the papers of the old load are found by meaning in the new space
    reader = GraphReader(driver=driver, settings=neo4j_settings)

    async def embed(text: str) -> tuple[float, ...]:
        return new.embed([text])[0]

    found = await similar_to_text(reader, text=records[0].abstract, embed=embed, first=1)
    assert found.items[0].abstract == records[0].abstract
    assert found.matches[0].similarity == pytest.approx(1.0)
