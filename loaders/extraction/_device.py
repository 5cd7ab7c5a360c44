"""Where the MiniLM passes run: the CPU (ONNX Runtime) or a CUDA GPU (PyTorch).

``auto`` picks CUDA when torch sees a GPU. Asking torch means importing it, a second or two
of every worker's start, so a machine without an NVIDIA driver is told apart first without
it: there torch could see no GPU anyway.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Literal

from papergraph.errors import ExtractionError

__all__ = ["DEVICES", "Device", "resolve_device"]

Device = Literal["cpu", "cuda"]
#: What the device setting (``PAPERGRAPH_DEVICE``) may say.
DEVICES = ("auto", "cpu", "cuda")

_NVIDIA_DRIVER = Path("/proc/driver/nvidia/version")


def resolve_device(requested: str) -> Device:
    """The device for ``requested`` (``auto``, ``cpu`` or ``cuda``); ``cuda`` without a GPU
    torch can use is an :class:`ExtractionError` saying how to run on the CPU instead."""
    if requested == "cpu":
        return "cpu"
    if requested == "auto":
        return "cuda" if cuda_available() else "cpu"
    if requested == "cuda":
        if not cuda_available():
            raise ExtractionError(
                "PAPERGRAPH_DEVICE is 'cuda' but torch sees no CUDA GPU (no NVIDIA driver, or "
                "a CPU-only torch). Set PAPERGRAPH_DEVICE=auto or cpu to run on the CPU."
            )
        return "cuda"
    raise ExtractionError(
        f"Unknown device {requested!r}: PAPERGRAPH_DEVICE is one of {', '.join(DEVICES)}."
    )


def cuda_available() -> bool:
    """Whether torch sees a CUDA GPU (False without importing torch where no driver is)."""
    if not _NVIDIA_DRIVER.exists() and shutil.which("nvidia-smi") is None:
        return False
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())
