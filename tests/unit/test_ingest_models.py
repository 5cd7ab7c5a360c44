"""Every entry point builds its extractor through ``papergraph.usecases.ingest``: one model folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from api._extractor import default_extractor
from loaders.extraction._models import MINILM_NAME
from papergraph.settings import load_settings
from papergraph.usecases.ingest import (
    build_extractor,
    build_pipelined_extractor,
    model_dir,
    preparation_notice,
)


def test_every_extractor_reads_its_models_under_papergraph_home(tmp_path: Path) -> None:
    settings = load_settings(PAPERGRAPH_HOME=str(tmp_path))
    folder = tmp_path / "models"
    assert model_dir(settings) == folder
    assert build_extractor(settings).model_dir == folder  # extract
    assert build_pipelined_extractor(settings).model_dir == folder  # load, up
    assert default_extractor(settings)().model_dir == folder  # ingestPapers


@pytest.mark.parametrize("fast", [False, True])
def test_a_first_run_announces_the_model_it_builds_and_a_later_run_does_not(
    tmp_path: Path, fast: bool
) -> None:
    settings = load_settings(PAPERGRAPH_HOME=str(tmp_path), PAPERGRAPH_FAST_EXTRACTION=fast)
    notice = preparation_notice(settings)
    # the static model ships in the package; both modes export MiniLM, which embeds the papers
    assert notice is not None and str(model_dir(settings)) in notice and "ONNX" in notice
    built = model_dir(settings) / MINILM_NAME / "model.onnx"
    built.parent.mkdir(parents=True)
    built.touch()
    assert preparation_notice(settings) is None
