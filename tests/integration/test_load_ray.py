"""`papergraph load --engine ray` on a local Ray with two workers: the same graph as a local
load of the same file, and either load resumes the other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from neo4j import AsyncDriver
from test_load_cli import papergraph

from graph.writes import clear_graph
from papergraph.settings import Settings

pytestmark = [pytest.mark.neo4j, pytest.mark.model]
#: Five batches of four: two workers tag and score batches side by side, and acronyms and
#: established phrases learnt in one batch must reach the later ones as in a local load.
OPTIONS = ("--fast", "--batch-size", "4")

SNAPSHOT = (
    "MATCH (p:Paper) RETURN 'paper' AS kind, p.id AS a, p.title AS b, p.acronyms AS c, "
    "[x IN p.embedding | round(x, 5)] AS d",
    "MATCH (p:Paper)-[r]->(x) RETURN type(r) AS kind, p.id AS a, x.key AS b, "
    "[x.name, x.aliases] AS c, [r.score, r.rank, r.source] AS d",
    "MATCH (m:Method)-[r:RELATED_TO]->(c:Concept) RETURN 'related' AS kind, m.key AS a, "
    "c.key AS b, r.weight AS c, null AS d",
)


async def snapshot(driver: AsyncDriver, settings: Settings) -> list[tuple[Any, ...]]:
    """Every paper, extracted edge and RELATED_TO edge, with the properties users read."""
    rows: list[tuple[Any, ...]] = []
    for statement in SNAPSHOT:
        records, _, _ = await driver.execute_query(statement, database_=settings.neo4j_database)
        rows += [tuple(str(r[k]) for k in ("kind", "a", "b", "c", "d")) for r in records]
    return sorted(rows)


async def test_a_ray_load_writes_what_a_local_load_writes_and_each_resumes_the_other(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    ray = papergraph(
        neo4j_settings, "load", str(seed_file), "--engine", "ray", "--ray-workers", "2", *OPTIONS
    )
    assert ray.returncode == 0, ray.stderr
    assert "19 written" in ray.stdout
    on_ray = await snapshot(driver, neo4j_settings)
    again = papergraph(neo4j_settings, "load", str(seed_file), *OPTIONS)
    assert again.returncode == 0 and "19 unchanged" in again.stdout, again.stderr

    await clear_graph(driver, database=neo4j_settings.neo4j_database)
    local = papergraph(neo4j_settings, "load", str(seed_file), *OPTIONS)
    assert local.returncode == 0, local.stderr
    assert await snapshot(driver, neo4j_settings) == on_ray
    assert any(row[0] == "MENTIONS" for row in on_ray)


def test_an_unreachable_ray_cluster_is_one_line_naming_the_address(
    neo4j_settings: Settings, seed_file: Path
) -> None:
    run = papergraph(
        neo4j_settings,
        "load",
        str(seed_file),
        "--engine",
        "ray",
        "--ray-address",
        "127.0.0.1:1",
        *OPTIONS,
    )
    assert run.returncode == 1
    assert "127.0.0.1:1" in run.stderr and "Traceback" not in run.stderr
