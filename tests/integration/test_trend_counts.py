"""The papers per year kept on Concept and Method nodes (read by trends and rising/falling),
and the graph's papers per year (``YearTotal``, what trends divide by), always equal what the
papers and edges say: after a load, a reload that changes a paper's year and concepts, a
delete, and a rebuild for given keys."""

from __future__ import annotations

import pytest
from _rows import paper_mentioning
from neo4j import AsyncDriver

from graph.queries import year_totals
from graph.queries._run import GraphReader
from graph.schema import ensure_schema
from graph.trend_counts import refresh_pending_trend_counts, refresh_trend_counts
from graph.writes import MethodRow, PaperRow, delete_paper, upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

Counts = dict[str, dict[int, int]]

STORED = (
    "MATCH (n) WHERE n:Concept OR n:Method "
    "RETURN n.key AS key, n.trendYears AS years, n.trendPapers AS papers, n.trendTotal AS total"
)
FROM_EDGES = (
    "MATCH (n)<-[:MENTIONS|PROPOSES|USES]-(p:Paper) WHERE p.year IS NOT NULL "
    "RETURN n.key AS key, p.year AS year, count(DISTINCT p) AS papers"
)


def uses(key: str, kind: str = "USES") -> MethodRow:
    return MethodRow(key=key, name=key, aliases=(), score=0.5, kind=kind)


def corpus() -> list[PaperRow]:
    both = (uses("tool"), uses("tool", "PROPOSES"))  # one paper, two edges: one paper counted
    return [
        paper_mentioning("a", ["gnn", "graphs"], year=2021, methods=both),
        paper_mentioning("b", ["gnn"], year=2021, methods=(uses("tool"),)),
        paper_mentioning("c", ["gnn", "llm"], year=2025),
        paper_mentioning("d", ["llm"], year=2025, methods=(uses("tool"),)),
        paper_mentioning("e", ["llm", "graphs"], year=2024),
    ]


async def totals_agree(driver: AsyncDriver, settings: Settings) -> dict[int, int]:
    """The kept papers per year, asserted equal to a count of the papers."""
    records, _, _ = await driver.execute_query(
        "MATCH (p:Paper) WHERE p.year IS NOT NULL RETURN p.year AS year, count(*) AS papers",
        database_=settings.neo4j_database,
    )
    kept = await year_totals(GraphReader(driver, settings))
    assert kept == {r["year"]: r["papers"] for r in records}
    return kept


async def stored(driver: AsyncDriver, database: str) -> Counts:
    records, _, _ = await driver.execute_query(STORED, database_=database)
    counts: Counts = {}
    for r in records:
        assert r["total"] == sum(r["papers"]), r
        counts[r["key"]] = dict(zip(r["years"], r["papers"], strict=True))
    return counts


async def from_edges(driver: AsyncDriver, database: str) -> Counts:
    records, _, _ = await driver.execute_query(
        "MATCH (n) WHERE n:Concept OR n:Method RETURN n.key AS key", database_=database
    )
    counts: Counts = {r["key"]: {} for r in records}
    records, _, _ = await driver.execute_query(FROM_EDGES, database_=database)
    for r in records:
        counts[r["key"]][r["year"]] = r["papers"]
    return counts


async def test_a_load_keeps_the_counts_of_every_concept_and_method(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    await upsert_papers(driver, database=database, papers=corpus())
    counts = await stored(driver, database)
    assert counts == await from_edges(driver, database)
    assert counts["gnn"] == {2021: 2, 2025: 1}
    assert counts["tool"] == {2021: 2, 2025: 1}  # proposed and used by a: one paper
    assert await totals_agree(driver, neo4j_settings) == {2021: 2, 2024: 1, 2025: 2}


async def test_a_reload_moves_a_paper_between_years_and_concepts(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    await upsert_papers(driver, database=database, papers=corpus())
    moved = paper_mentioning("b", ["llm"], year=2025)  # was gnn in 2021, using tool
    await upsert_papers(driver, database=database, papers=[moved])
    counts = await stored(driver, database)
    assert counts == await from_edges(driver, database)
    assert counts["gnn"] == {2021: 1, 2025: 1}
    assert counts["llm"] == {2024: 1, 2025: 3}
    assert counts["tool"] == {2021: 1, 2025: 1}
    assert await totals_agree(driver, neo4j_settings) == {2021: 1, 2024: 1, 2025: 3}
    undated = paper_mentioning("e", ["llm", "graphs"], year=None)  # the only 2024 paper
    await upsert_papers(driver, database=database, papers=[undated])
    assert await totals_agree(driver, neo4j_settings) == {2021: 1, 2025: 3}


async def test_a_delete_takes_the_paper_out_of_the_counts(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    await upsert_papers(driver, database=database, papers=corpus())
    assert await delete_paper(driver, database=database, paper_id="c") == "c"
    counts = await stored(driver, database)
    assert counts == await from_edges(driver, database)
    assert counts["gnn"] == {2021: 2}
    assert counts["llm"] == {2024: 1, 2025: 1}
    assert await totals_agree(driver, neo4j_settings) == {2021: 2, 2024: 1, 2025: 1}


async def test_counts_rebuild_from_the_edges_for_given_keys(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    await upsert_papers(driver, database=database, papers=corpus())
    # a pass that changes edges without recounting (as a resolution pass might) leaves them stale
    await driver.execute_query(
        "MATCH (:Paper {id: 'd'})-[r:MENTIONS]->(:Concept {key: 'llm'}) DELETE r",
        database_=database,
    )
    assert (await stored(driver, database))["llm"] == {2024: 1, 2025: 2}
    assert await refresh_trend_counts(driver, database=database, concept_keys=["llm"]) == 1
    counts = await stored(driver, database)
    assert counts == await from_edges(driver, database)
    assert counts["llm"] == {2024: 1, 2025: 1}


async def test_a_graph_written_without_counts_is_counted(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    await upsert_papers(driver, database=database, papers=corpus())
    for statement in (
        "MATCH (n) WHERE n:Concept OR n:Method REMOVE n.trendYears, n.trendPapers, n.trendTotal",
        "DROP INDEX concept_trend_total",  # created once the counts are
        "MATCH (t:YearTotal) DELETE t",
        "DROP CONSTRAINT year_total_year",
    ):
        await driver.execute_query(statement, database_=database)
    await ensure_schema(driver, database=database)  # init-db and every load ensure it
    assert await stored(driver, database) == await from_edges(driver, database)
    assert await totals_agree(driver, neo4j_settings) == {2021: 2, 2024: 1, 2025: 2}
    assert await refresh_pending_trend_counts(driver, database=database) == 0
