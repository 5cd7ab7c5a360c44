"""Where MiniLM runs: the CPU unless a GPU is asked for or found, with the same results on both."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from loaders.extraction import Document, Extraction, keybert_extractor
from loaders.extraction._device import cuda_available
from loaders.extraction._models import MINILM_NAME, load_minilm, minilm_on_torch, models_home
from papergraph.errors import ExtractionError

pytestmark = pytest.mark.model

SEED = Path(__file__).resolve().parents[2] / "examples" / "iclr2025-seed.txt"
NO_GPU = "no CUDA GPU here: the GPU path is checked where torch sees one"


def _seed_docs() -> list[Document]:
    paragraphs = SEED.read_text(encoding="utf-8").split("\n\n")[1:]
    return [Document(text=p.strip()) for p in paragraphs if p.strip()][:8]


def _fresh_models(folder: Path) -> Path:
    """A model folder with the exported MiniLM but no phrase cache, so nothing one device
    embedded is read back by the other."""
    folder.mkdir()
    (folder / MINILM_NAME).symlink_to(models_home() / MINILM_NAME)
    return folder


def test_cpu_runs_minilm_on_onnx_runtimes_cpu_provider() -> None:
    encoder = load_minilm(device="cpu")
    assert encoder._session.get_providers() == ["CPUExecutionProvider"]  # type: ignore[attr-defined]
    assert encoder.encode(["graph neural networks"]).shape == (1, encoder.dim)


def test_the_gpu_encoder_gives_the_cpu_encoders_rows_run_anywhere() -> None:
    texts = ["graph neural networks", "We propose a sparse attention model for long documents."]
    through_torch = minilm_on_torch("cpu").encode(texts)  # the GPU path's code, on the CPU
    assert np.allclose(through_torch, load_minilm(device="cpu").encode(texts), atol=1e-5)


@pytest.mark.skipif(cuda_available(), reason="a CUDA GPU is here, so 'cuda' is a valid choice")
def test_cuda_without_a_gpu_is_an_error_naming_the_setting_and_the_fix() -> None:
    with pytest.raises(ExtractionError, match=r"PAPERGRAPH_DEVICE.*no CUDA GPU.*=auto or cpu"):
        keybert_extractor(device="cuda").embed(["graph neural networks"])


def test_auto_is_the_cpu_where_torch_sees_no_gpu() -> None:
    encoder = load_minilm(device="auto")
    on_cuda = type(encoder).__name__ == "TorchEncoder"
    assert on_cuda == cuda_available()


@pytest.mark.skipif(not cuda_available(), reason=NO_GPU)
def test_the_gpu_extracts_what_the_cpu_extracts_within_float_tolerance(tmp_path: Path) -> None:
    docs = _seed_docs()
    on_cpu = keybert_extractor(model_dir=_fresh_models(tmp_path / "cpu"), device="cpu")
    on_gpu = keybert_extractor(model_dir=_fresh_models(tmp_path / "gpu"), device="cuda")
    for cpu, gpu in zip(on_cpu.extract(docs), on_gpu.extract(docs), strict=True):
        _assert_close(cpu, gpu)


def _assert_close(cpu: Extraction, gpu: Extraction) -> None:
    assert [c.key for c in gpu.concepts] == [c.key for c in cpu.concepts]
    assert [c.score for c in gpu.concepts] == pytest.approx(
        [c.score for c in cpu.concepts], abs=1e-3
    )
    assert [m.key for m in gpu.proposes + gpu.uses] == [m.key for m in cpu.proposes + cpu.uses]
    assert np.allclose(gpu.embedding, cpu.embedding, atol=1e-4)
