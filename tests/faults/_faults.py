"""Helpers of the fault tests: the CLI in a child process and graph integrity checks."""

from __future__ import annotations

import gzip
import itertools
import os
import subprocess
import sys
from pathlib import Path

from neo4j import AsyncDriver

from graph.models import Stats
from graph.writes import graph_counts
from papergraph.settings import Settings

REPO = Path(__file__).resolve().parents[2]


def cli_env(settings: Settings, **extra: str) -> dict[str, str]:
    """The environment of a ``papergraph`` child process aimed at ``settings``' server."""
    return {
        **os.environ,
        "NEO4J_URI": settings.neo4j_uri,
        "PAPERGRAPH_HOME": str(settings.home),
        "NEO4J_PASSWORD": settings.neo4j_auth()[1],
        "PAPERGRAPH_WRITE_RETRY_SECONDS": f"{settings.write_retry_seconds:g}",
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        **extra,
    }


def start_cli(settings: Settings, *args: str, log: Path) -> subprocess.Popen[bytes]:
    """``python -m papergraph ARGS`` in the background; stdout and stderr go to ``log``."""
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "papergraph", *args],
            cwd=REPO,
            env=cli_env(settings),
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def run_cli(
    settings: Settings, *args: str, timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    """``python -m papergraph ARGS`` to the end."""
    return subprocess.run(
        [sys.executable, "-m", "papergraph", *args],
        cwd=REPO,
        env=cli_env(settings),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def write_subset(source: Path, target: Path, papers: int, *, start: int = 0) -> Path:
    """The papers ``start .. start+papers`` of a (gzipped) JSONL corpus, as a plain JSONL file."""
    with gzip.open(source, "rt", encoding="utf-8") as lines:
        chosen = list(itertools.islice(lines, start, start + papers))
    target.write_text("".join(chosen), encoding="utf-8")
    return target


async def counts(driver: AsyncDriver, settings: Settings) -> Stats:
    return await graph_counts(driver, database=settings.neo4j_database)


async def rows(driver: AsyncDriver, settings: Settings, cypher: str) -> list[dict[str, object]]:
    records, _, _ = await driver.execute_query(cypher, database_=settings.neo4j_database)
    return [r.data() for r in records]


async def integrity(driver: AsyncDriver, settings: Settings) -> dict[str, object]:
    """What must hold of any graph papergraph wrote: no duplicate keys, no paper without edges,
    no concept or method without papers."""
    checks = {
        "duplicate_papers": "MATCH (p:Paper) WITH p.id AS k, count(*) AS n WHERE n > 1 "
        "RETURN count(k) AS n",
        "duplicate_concepts": "MATCH (c:Concept) WITH c.key AS k, count(*) AS n WHERE n > 1 "
        "RETURN count(k) AS n",
        "duplicate_methods": "MATCH (m:Method) WITH m.key AS k, count(*) AS n WHERE n > 1 "
        "RETURN count(k) AS n",
        "papers_without_edges": "MATCH (p:Paper) WHERE NOT (p)-[:MENTIONS|PROPOSES|USES]->() "
        "RETURN count(p) AS n",
        "orphans": "MATCH (n) WHERE (n:Concept OR n:Method) "
        "AND NOT (n)<-[:MENTIONS|PROPOSES|USES]-() RETURN count(n) AS n",
        "stale_methods": "MATCH (m:Method) WHERE m.relatedStale RETURN count(m) AS n",
    }
    return {name: (await rows(driver, settings, cypher))[0]["n"] for name, cypher in checks.items()}


async def edges(driver: AsyncDriver, settings: Settings) -> set[tuple[object, ...]]:
    """Every extracted edge as (paper id, type, concept or method key, its evidence: field,
    phrase and sentence offsets)."""
    found = await rows(
        driver,
        settings,
        "MATCH (p:Paper)-[r:MENTIONS|PROPOSES|USES]->(n) "
        "RETURN p.id AS p, type(r) AS t, n.key AS k, "
        "[r.evidenceField, r.evidenceStart, r.evidenceEnd, r.sentenceStart, r.sentenceEnd] AS e",
    )
    return {(r["p"], r["t"], r["k"], tuple(r["e"])) for r in found}


CLEAN = {
    "duplicate_papers": 0,
    "duplicate_concepts": 0,
    "duplicate_methods": 0,
    "papers_without_edges": 0,
    "orphans": 0,
    "stale_methods": 0,
}
