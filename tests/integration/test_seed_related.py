"""Issue 17 point 5 on the bundled seed with the production extractor: every one of its 19
papers has at least three related papers, each with a reason that checks out in Cypher."""

from __future__ import annotations

from pathlib import Path

import pytest
from neo4j import AsyncDriver

from graph.queries import GraphReader, related_papers
from loaders.readers import read_corpus
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import build_extractor, ingest_papers

pytestmark = [pytest.mark.neo4j, pytest.mark.model]

SHARED = (
    "MATCH (:Paper {id: $a})-[:MENTIONS|PROPOSES|USES]->(x)<-[:MENTIONS|PROPOSES|USES]-"
    "(:Paper {id: $b}) RETURN collect(x.key) AS keys"
)
REACHED = (
    "MATCH (p:Paper) WHERE p.id IN [$a, $b] "
    "MATCH (p)-[:MENTIONS]->(:Concept)-[:BROADER*0..1]->(b:Concept {key: $key}) "
    "RETURN count(DISTINCT p) AS papers"
)


async def test_every_seed_paper_has_three_related_papers_with_reasons(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    records = [r for r in read_corpus(seed_file) if isinstance(r, PaperRecord)]
    extractor = build_extractor(neo4j_settings)
    await ingest_papers(records, driver=driver, settings=neo4j_settings, extractor=extractor)
    ids = [r["id"] for r in await _run(driver, neo4j_settings, "MATCH (p:Paper) RETURN p.id AS id")]
    assert len(ids) == 19
    found = await related_papers(
        GraphReader(driver=driver, settings=neo4j_settings), ids=ids, first=3
    )
    for paper_id in ids:
        related = found[paper_id]
        assert len(related) == 3, paper_id
        for r in related:
            assert r.reason
            shared = (await _run(driver, neo4j_settings, SHARED, a=paper_id, b=r.paper.id))[0]
            named = {c.key for c in r.shared_concepts} | {m.key for m in r.shared_methods}
            assert named == set(shared["keys"])
            for b in r.shared_broader:
                reach = await _run(
                    driver, neo4j_settings, REACHED, a=paper_id, b=r.paper.id, key=b.concept.key
                )
                assert reach[0]["papers"] == 2
            assert named or r.shared_broader or r.similarity is not None


async def _run(driver: AsyncDriver, settings: Settings, statement: str, **params: str) -> list:  # type: ignore[type-arg]
    records, _, _ = await driver.execute_query(statement, params, database_=settings.neo4j_database)  # type: ignore[arg-type]
    return [r.data() for r in records]
