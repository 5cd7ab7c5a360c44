"""Trends on the real Neo4j: Concept.trend and Method.trend per year against Cypher counts,
rising/falling concepts by a significant change in share, and `papergraph trends`."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from _api import api_client
from neo4j import AsyncDriver

from graph.writes import MentionRow, MethodRow, PaperRow, upsert_papers
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

# (year, papers of that year, {concept key: papers mentioning it})
YEARS = [
    (2021, 60, {"surge": 2, "steady": 6, "noise": 2, "fade": 20}),
    (2024, 30, {"surge": 6, "steady": 3}),
    (2025, 60, {"surge": 24, "steady": 6, "noise": 4, "fade": 3}),
]


def corpus() -> list[PaperRow]:
    rows = []
    for year, total, concepts in YEARS:
        for i in range(total):
            keys = [key for key, papers in concepts.items() if i < papers] + ["filler"]
            mentions = tuple(
                MentionRow(key=k, name=k, aliases=(k,), score=0.5, rank=1, source="keybert")
                for k in keys
            )
            methods = (
                (MethodRow(key="tool", name="Tool", aliases=(), score=0.5, kind="USES"),)
                if i < total // 10
                else ()
            )
            rows.append(
                PaperRow(
                    id=f"{year}-{i}",
                    source_id=True,
                    match_key=f"mk-{year}-{i}",
                    content_hash=f"h-{year}-{i}",
                    abstract=f"Abstract {year} {i}.",
                    label=f"{year}-{i}",
                    source="test",
                    extractor="hand",
                    year=year,
                    mentions=mentions,
                    methods=methods,
                )
            )
    return rows


@pytest.fixture
async def client(driver: AsyncDriver, neo4j_settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    await upsert_papers(driver, database=neo4j_settings.neo4j_database, papers=corpus())
    async with api_client(neo4j_settings) as http:
        yield http


async def post(client: httpx.AsyncClient, query: str) -> dict[str, Any]:
    body: dict[str, Any] = (await client.post("/graphql", json={"query": query})).json()
    return body


async def data(client: httpx.AsyncClient, query: str) -> Any:
    body = await post(client, query)
    assert "errors" not in body, body
    return body["data"]


async def test_trend_counts_and_shares_every_year(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    found = await data(
        client,
        '{ concept(key: "fade") { trend { year papers total share } } '
        'method(key: "tool") { trend { year papers total share } } }',
    )
    records, _, _ = await driver.execute_query(
        "MATCH (p:Paper) WITH p.year AS year, count(*) AS total "
        "RETURN year, total, COUNT { MATCH (q:Paper {year: year})-[:MENTIONS]->"
        "(:Concept {key: 'fade'}) } AS papers ORDER BY year",
        database_=neo4j_settings.neo4j_database,
    )
    expected = [{"year": r["year"], "papers": r["papers"], "total": r["total"]} for r in records]
    trend = found["concept"]["trend"]
    assert [{k: t[k] for k in ("year", "papers", "total")} for t in trend] == expected
    assert trend[1]["papers"] == 0  # a year without it is there, at 0
    assert all(math.isclose(t["share"], t["papers"] / t["total"]) for t in trend)
    assert [t["papers"] for t in found["method"]["trend"]] == [6, 3, 6]


async def test_rising_and_falling_keep_only_significant_changes(client: httpx.AsyncClient) -> None:
    fields = "concept { key } papersBefore papersAfter shareBefore shareAfter change z"
    found = await data(
        client,
        f"{{ rising: risingConcepts(from: 2021, to: 2025, minPapers: 3) {{ {fields} }} "
        f"falling: fallingConcepts(from: 2021, to: 2025, minPapers: 3) {{ {fields} }} }}",
    )
    assert [c["concept"]["key"] for c in found["rising"]] == ["surge"]  # noise: 2 -> 4 is not
    assert [c["concept"]["key"] for c in found["falling"]] == ["fade"]
    surge = found["rising"][0]
    assert (surge["papersBefore"], surge["papersAfter"]) == (2, 24)
    assert surge["change"] == pytest.approx(24 / 60 - 2 / 60)
    pooled = 26 / 120
    z = (24 / 60 - 2 / 60) / math.sqrt(pooled * (1 - pooled) * (2 / 60))
    assert surge["z"] == pytest.approx(z)


async def test_a_year_without_papers_is_named(client: httpx.AsyncClient) -> None:
    body = await post(client, "{ risingConcepts(from: 2019, to: 2025) { change } }")
    error = body["errors"][0]
    assert error["extensions"]["code"] == "BAD_USER_INPUT"
    assert "2019" in error["message"] and "2021" in error["message"]


def trends_cli(settings: Settings, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "NEO4J_URI": settings.neo4j_uri,
        "NEO4J_PASSWORD": settings.neo4j_auth()[1],
        "COLUMNS": "160",
    }
    command = [sys.executable, "-m", "papergraph", "trends", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


async def test_cli_prints_the_table(client: httpx.AsyncClient, neo4j_settings: Settings) -> None:
    years = ("--from", "2021", "--to", "2025")
    rising = trends_cli(neo4j_settings, *years, "--min-papers", "3")
    assert rising.returncode == 0, rising.stderr
    assert "surge" in rising.stdout and "noise" not in rising.stdout
    falling = trends_cli(neo4j_settings, *years, "--falling")
    assert "fade" in falling.stdout and "surge" not in falling.stdout
    assert "--min-papers" in trends_cli(neo4j_settings, "--help").stdout
    missing = trends_cli(neo4j_settings, "--from", "1990", "--to", "2025")
    assert (
        missing.returncode == 1 and "1990" in missing.stderr and "Traceback" not in missing.stderr
    )
