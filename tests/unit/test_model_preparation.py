"""A first run's model preparation: both models built at once, each in a process of its own,
and a build that fails named in the error while the other's model is kept.

A successful export into an empty folder is also what the ranking tests build; a successful
distillation, what every model test builds on a fresh clone (its default model folder is empty)."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

from graph.errors import ExtractionError
from loaders.extraction._building import build_concurrently
from loaders.extraction._models import load_minilm, models_to_prepare

REPO = Path(__file__).resolve().parents[2]

# Prepares the models under argv[1] the way an extraction process does, then prints what the
# preparation left in this process: the builds run elsewhere, so torch stays out of it.
PREPARE = """
import sys
from pathlib import Path
from graph.errors import ExtractionError
from loaders.extraction._models import prepare_models
try:
    prepare_models(Path(sys.argv[1]), fast=False)
except ExtractionError as e:
    print(e)
    sys.exit(3)
finally:
    print("torch imported here:", "torch" in sys.modules)
"""


def _prepare_without_the_distiller(home: Path, shadow: Path) -> subprocess.CompletedProcess[str]:
    """Prepare in a fresh Python where model2vec lacks its distill extra, as after a plain
    ``pip install model2vec``."""
    (shadow / "model2vec" / "distill").mkdir(parents=True)
    (shadow / "model2vec" / "__init__.py").write_text("")
    (shadow / "model2vec" / "distill" / "__init__.py").write_text(
        "raise ImportError('model2vec was installed without its distill extra')\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shadow), str(REPO)])}
    return subprocess.run(
        [sys.executable, "-c", PREPARE, str(home)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )


@pytest.mark.model
def test_a_failed_build_is_named_and_the_model_built_beside_it_is_kept(tmp_path: Path) -> None:
    home = tmp_path / "models"
    ran = _prepare_without_the_distiller(home, tmp_path / "shadow")
    assert ran.returncode == 3, ran.stderr
    assert "pip install 'model2vec[distill]'" in ran.stdout and "Run again" in ran.stdout
    assert "ONNX" not in ran.stdout  # the export, built at the same time, succeeded
    assert "torch imported here: False" in ran.stdout
    assert models_to_prepare(home, fast=False) == [
        "the static model (distilled from all-MiniLM-L6-v2)"
    ]
    assert load_minilm(home).encode(["graph neural network"]).shape == (1, 384)
    assert not list(home.glob(".prepare-*"))  # no scratch folder left behind


def test_a_build_whose_process_dies_is_named_and_the_other_build_finishes(tmp_path: Path) -> None:
    builds = {
        "the dying model": partial(os._exit, 1),  # as when the kernel kills it for memory
        "the other model": partial(Path.mkdir, tmp_path / "built"),
    }
    with pytest.raises(ExtractionError) as raised:
        build_concurrently(builds)
    message = str(raised.value)
    assert "Preparing the dying model stopped unexpectedly" in message
    assert "the other model" not in message
    assert (tmp_path / "built").is_dir()
