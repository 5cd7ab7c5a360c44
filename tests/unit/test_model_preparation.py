"""A first run's model preparation: MiniLM exported in a process of its own (torch never enters
the caller), a build that fails named in the error with nothing half-written left, and the
static model read from the package with nothing to build.

A successful export into an empty folder is what the ranking tests build on a fresh clone."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

from loaders.extraction._building import build_concurrently
from loaders.extraction._models import STATIC_DIMENSIONS, load_static_model, models_to_prepare
from papergraph.errors import ExtractionError

REPO = Path(__file__).resolve().parents[2]

# Prepares the models under argv[1] the way an extraction process does, then prints what the
# preparation left in this process: the build runs elsewhere, so torch stays out of it.
PREPARE = """
import sys
from pathlib import Path
from papergraph.errors import ExtractionError
from loaders.extraction._models import prepare_models
try:
    prepare_models(Path(sys.argv[1]), fast=False)
except ExtractionError as e:
    print(e)
    sys.exit(3)
finally:
    print("torch imported here:", "torch" in sys.modules)
"""


def _prepare_without_transformers(home: Path, shadow: Path) -> subprocess.CompletedProcess[str]:
    """Prepare in a fresh Python where transformers cannot be imported (a broken install)."""
    (shadow / "transformers").mkdir(parents=True)
    (shadow / "transformers" / "__init__.py").write_text(
        "raise ImportError('transformers is broken here')\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shadow), str(REPO)])}
    return subprocess.run(
        [sys.executable, "-c", PREPARE, str(home)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )


def test_a_failed_export_is_named_and_leaves_nothing_half_written(tmp_path: Path) -> None:
    home = tmp_path / "models"
    ran = _prepare_without_transformers(home, tmp_path / "shadow")
    assert ran.returncode == 3, ran.stderr
    assert "pip install torch transformers" in ran.stdout and "Run again" in ran.stdout
    assert "torch imported here: False" in ran.stdout
    assert models_to_prepare(home, fast=False) == ["all-MiniLM-L6-v2 exported to ONNX"]
    assert not list(home.glob(".prepare-*"))  # no scratch folder left behind


@pytest.mark.model
def test_the_static_model_ships_ready(tmp_path: Path) -> None:
    # --fast distils nothing: only the ONNX export of MiniLM, which embeds every stored paper
    assert models_to_prepare(tmp_path, fast=True) == models_to_prepare(tmp_path, fast=False)
    vectors = load_static_model().encode(["graph neural network", "diffusion model"])
    assert vectors.shape == (2, STATIC_DIMENSIONS)


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
