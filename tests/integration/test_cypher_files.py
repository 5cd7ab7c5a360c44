"""Every cypher/*.cypher file: documented, valid for the real server, and used by the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from neo4j import AsyncDriver

from graph.cypher import cypher_dir, names, query
from papergraph.settings import Settings

REPO = Path(__file__).resolve().parents[2]
FILES = sorted(cypher_dir().glob("*.cypher"))


def params_of(statement: str) -> dict[str, object]:
    return {name: None for name in re.findall(r"\$([A-Za-z_][A-Za-z0-9_]*)", statement)}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_file_has_a_header_naming_params_and_returns(path: Path) -> None:
    header = [line for line in path.read_text().splitlines() if line.startswith("//")]
    text = " ".join(header)
    assert header and "params:" in text and "returns:" in text


@pytest.mark.parametrize("name", names())
def test_each_statement_is_used_by_python_code(name: str) -> None:
    sources = [
        p.read_text()
        for pkg in ("graph", "api", "loaders", "bench")
        if (REPO / pkg).exists()
        for p in (REPO / pkg).rglob("*.py")
    ]
    assert any(f'"{name}"' in source for source in sources), f"{name}.cypher is never loaded"


@pytest.mark.neo4j
@pytest.mark.parametrize("name", [n for n in names() if not n.startswith("schema_")])
async def test_each_statement_compiles_on_the_real_server(
    name: str, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    statement = query(name)
    async with driver.session(database=neo4j_settings.neo4j_database) as session:
        result = await session.run("EXPLAIN " + statement, params_of(statement))
        summary = await result.consume()
    assert summary.plan is not None
