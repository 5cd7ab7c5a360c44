"""What the extraction children cost to start: seconds to the first extracted batch, and each
child's memory and whether it mapped torch's code.

thinc (the tagger's library) imports torch when it is installed, and KeyBERT imports
sentence-transformers, and through it transformers and torch, for backends papergraph never
uses. This bench measures what those imports cost in the children, and what they cost alone
in a fresh interpreter (``import spacy``, ``import keybert``) with the optional modules
importable or blocked::

    python -m bench.extraction_children [--runs 3]

The results are in ``bench/results/extraction-children.md``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from loaders.extraction import Document, process_extractor
from papergraph.settings import load_settings

_DOC = Document(
    text=(
        "We propose DyAug, an augmentation framework for dynamic graph neural networks (GNNs) "
        "that adapts the evolving graph structure with temporal consistency awareness."
    ),
    title="DyAug: Dynamic Graph Augmentation",
)
#: Shared objects whose mapping shows the library was imported.
_MARKERS = {
    "torch": "libtorch_cpu",
    "onnxruntime": "onnxruntime_pybind11",
    "thinc": "thinc/backends",
}
_BLOCKED = {"spacy": ("torch",), "keybert": ("transformers", "sentence_transformers")}


def child_start() -> dict[str, Any]:
    """Start a process extractor, extract one batch, and read each extraction child."""
    model_dir = load_settings().home / "models"
    started = time.perf_counter()
    with process_extractor(model_dir=model_dir) as extractor:
        extractor.extract([_DOC])
        seconds = time.perf_counter() - started
        children = [_read(p) for p in psutil.Process().children(recursive=True)]
    workers = [c for c in children if c["libraries"] & {"thinc", "onnxruntime"}]
    return {"first_batch_seconds": round(seconds, 2), "children": workers}


def _read(process: psutil.Process) -> dict[str, Any]:
    paths = {m.path for m in process.memory_maps()}
    found = {name for name, marker in _MARKERS.items() if any(marker in p for p in paths)}
    role = "ranker" if "onnxruntime" in found else "tagger"
    memory = process.memory_full_info()  # pss: shared pages (libtorch) counted once in all
    mb = {f"{kind}_mb": getattr(memory, kind) // 2**20 for kind in ("rss", "pss", "uss")}
    return {"role": role, **mb, "libraries": found}


def import_seconds(module: str, *, blocked: bool) -> float:
    """Seconds ``import module`` takes in a fresh interpreter."""
    block = "".join(f"sys.modules[{m!r}] = None; " for m in _BLOCKED[module]) if blocked else ""
    code = (
        f"import sys, time; {block}t = time.perf_counter(); import {module}; "
        "print(time.perf_counter() - t)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--imports-only", action="store_true")
    parser.add_argument("--children-only", action="store_true")
    args = parser.parse_args()
    if not args.children_only:
        print(json.dumps({"import_seconds_median": _imports(args.runs)}, indent=1))
    if args.imports_only:
        return
    for _ in range(args.runs):
        run = child_start()
        for child in run["children"]:
            child["libraries"] = sorted(child["libraries"])
        print(json.dumps(run))


def _imports(runs: int) -> dict[str, float]:
    return {
        f"{module} ({'blocked' if blocked else 'importable'} {'/'.join(_BLOCKED[module])})": (
            statistics.median(import_seconds(module, blocked=blocked) for _ in range(runs))
        )
        for module in _BLOCKED
        for blocked in (False, True)
    }


if __name__ == "__main__":
    main()
