"""Every entry point builds its extractor through ``papergraph.ingest``: one model folder."""

from __future__ import annotations

from pathlib import Path

from api._extractor import default_extractor
from graph.config import load_settings
from papergraph.ingest import build_extractor, build_pipelined_extractor, model_dir


def test_every_extractor_reads_its_models_under_papergraph_home(tmp_path: Path) -> None:
    settings = load_settings(PAPERGRAPH_HOME=str(tmp_path))
    folder = tmp_path / "models"
    assert model_dir(settings) == folder
    assert build_extractor(settings).model_dir == folder  # extract
    assert build_pipelined_extractor(settings).model_dir == folder  # load, up
    assert default_extractor(settings)().model_dir == folder  # ingestPapers
