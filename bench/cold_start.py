"""A first run's model preparation, phase by phase, against the code of another revision.

Usage (from the repository root)::

    python -m bench.cold_start [--baseline REV] [--reps 1]

Every run is a fresh process with an empty ``PAPERGRAPH_HOME`` in a temp folder (the shared
model cache is never touched):

* ``phases``: the imports a build process pays (torch, transformers, the ONNX exporter), then
  :func:`loaders.extraction.prepare_models` (the ONNX export: the static model ships in the
  package);
* ``extract``: ``papergraph extract examples/iclr2025-seed.txt --limit 1`` cold (preparation
  and one paper) then warm, alternating this tree with ``--baseline`` (a ``git archive`` of
  REV, by default the commit before preparation ran its builds at once) so that both see the
  same load; the baseline's two built models are then compared byte for byte with this tree's
  export and shipped static model.

Prints one JSON object with the load average before each run (the machine may be shared).
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import REPO
from loaders.extraction import STATIC_MODEL_DIR
from papergraph.cli.typer_app import QUIET_LIBRARIES

SEED = REPO / "examples" / "iclr2025-seed.txt"
#: The last commit whose first run built the two models one after the other, in-process.
SEQUENTIAL = "ec9017b"
#: Each model as the baseline built it, and where this tree's first run has it.
MODEL_FILES = {
    "minilm-l6-m2v-256/model.safetensors": STATIC_MODEL_DIR / "model.safetensors",
    "minilm-l6-onnx-v1/model.onnx": Path("minilm-l6-onnx-v1/model.onnx"),
}

IMPORTS = (
    "import torch, transformers.modeling_utils; from torch.onnx._internal.exporter import _compat"
)
PREPARE = (
    "import sys; from pathlib import Path; from loaders.extraction import prepare_models; "
    "prepare_models(Path(sys.argv[1]), fast=sys.argv[2] == 'fast')"
)


def timed(command: list[str], *, source: Path, home: Path) -> dict[str, float]:
    """Run ``command`` with ``source`` first on the path and ``home`` as PAPERGRAPH_HOME."""
    env = {
        **QUIET_LIBRARIES,  # as the CLI sets them, for the runs that do not go through it
        **os.environ,
        "PYTHONPATH": str(source),
        "PAPERGRAPH_HOME": str(home),
    }
    load = os.getloadavg()[0]
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=source, check=True, stdout=subprocess.DEVNULL)
    return {"seconds": round(time.perf_counter() - start, 1), "load_before": round(load, 2)}


def phases(scratch: Path) -> dict[str, dict[str, float]]:
    """Where a first run's preparation spends its time, with this tree's code."""
    python, home = sys.executable, scratch / "phases"
    models = str(home / "models")
    return {
        "imports": timed([python, "-c", IMPORTS], source=REPO, home=home),
        "export": timed([python, "-c", PREPARE, models, "full"], source=REPO, home=home),
    }


def extract_runs(scratch: Path, baseline: Path, reps: int) -> dict[str, list[dict[str, float]]]:
    """Cold then warm ``papergraph extract --limit 1`` of each tree, the trees alternating."""
    command = [sys.executable, "-m", "papergraph", "extract", str(SEED), "--limit", "1"]
    runs: dict[str, list[dict[str, float]]] = {}
    for rep in range(reps):
        for name, source in (("this tree", REPO), ("baseline", baseline)):
            home = scratch / f"{name.replace(' ', '-')}-{rep}"
            cold = timed(command, source=source, home=home)
            warm = timed(command, source=source, home=home)
            runs.setdefault(name, []).append(
                {
                    "cold": cold["seconds"],
                    "warm": warm["seconds"],
                    "load_before": cold["load_before"],
                }
            )
    return runs


def same_models(scratch: Path) -> bool:
    """Whether this tree's models (the export its first run built, the shipped static model)
    are byte-identical to the two the baseline's first run built."""
    return all(
        filecmp.cmp(
            scratch / "this-tree-0" / "models" / ours,
            scratch / "baseline-0" / "models" / f,
            shallow=False,
        )
        for f, ours in MODEL_FILES.items()
    )


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cold_start", description=__doc__)
    parser.add_argument("--baseline", default=SEQUENTIAL, help="git revision to compare with")
    parser.add_argument("--reps", type=int, default=1)
    parser.add_argument("--skip-phases", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cold-start-") as tmp:
        scratch = Path(tmp)
        baseline = scratch / "baseline-src"
        baseline.mkdir()
        archive = subprocess.run(
            ["git", "archive", args.baseline], cwd=REPO, capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", str(baseline)], input=archive.stdout, check=True)
        result: dict[str, object] = {
            "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "cores": os.cpu_count(),
            "baseline": args.baseline,
        }
        if not args.skip_phases:
            result["phases"] = phases(scratch)
        result["extract"] = extract_runs(scratch, baseline, args.reps)
        result["identical_models"] = same_models(scratch)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
