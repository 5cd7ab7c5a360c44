"""examples/explore.ipynb runs top to bottom against a real API server, as a user runs it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "examples" / "explore.ipynb"
ARTIFACTS = REPO / "test-artifacts"
pytestmark = pytest.mark.neo4j


async def test_notebook_runs_and_draws_the_cooccurrence_graph(
    seeded_api: str, tmp_path: Path
) -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    os.environ["PAPERGRAPH_API"] = seeded_api  # read by the notebook's kernel at start-up
    try:
        client = NotebookClient(
            notebook,
            timeout=120,
            kernel_name="python3",
            resources={"metadata": {"path": str(tmp_path)}},
        )
        await client.async_execute()
    finally:
        del os.environ["PAPERGRAPH_API"]
    outputs = "".join(
        out.get("text", "") for cell in notebook.cells for out in cell.get("outputs", [])
    )
    assert "co-occurrences" in outputs
    picture = tmp_path / "concept-cooccurrence.png"
    assert picture.stat().st_size > 10_000
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copy(picture, ARTIFACTS / picture.name)
