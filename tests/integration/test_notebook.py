"""examples/explore.ipynb runs top to bottom against a real API server, as a user runs it."""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from neo4j import AsyncDriver

from papergraph.settings import Settings

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "examples" / "explore.ipynb"
ARTIFACTS = REPO / "test-artifacts"
pytestmark = pytest.mark.neo4j


async def test_notebook_runs_and_draws_the_cooccurrence_graph(
    seeded_api: str,
    neo4j_settings: Settings,
    driver: AsyncDriver,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The kernel reads these at start-up: the API for GraphQL, Neo4j for to_networkx.
    monkeypatch.setenv("PAPERGRAPH_API", seeded_api)
    monkeypatch.setenv("NEO4J_URI", neo4j_settings.neo4j_uri)
    monkeypatch.setenv("NEO4J_USER", neo4j_settings.neo4j_user)
    monkeypatch.setenv("NEO4J_PASSWORD", neo4j_settings.neo4j_auth()[1])
    monkeypatch.setenv("NEO4J_DATABASE", neo4j_settings.neo4j_database)
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},
    )
    await client.async_execute()
    outputs = "".join(
        out.get("text", "") for cell in notebook.cells for out in cell.get("outputs", [])
    )
    records, _, _ = await driver.execute_query(
        "MATCH (c:Concept) WHERE (c)<-[:MENTIONS]-() RETURN count(c) AS concepts",
        database_=neo4j_settings.neo4j_database,
    )
    # The networkx part read the graph that Neo4j holds, not another one.
    assert f"{records[0]['concepts']} concepts, " in outputs
    assert "Related to:" in outputs and "papers match" in outputs
    assert "broader chain:" in outputs and " topics" in outputs and "looks new:" in outputs
    picture = tmp_path / "concept-cooccurrence.png"
    assert picture.stat().st_size > 10_000
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copy(picture, ARTIFACTS / picture.name)
