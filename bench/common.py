"""What every benchmark shares: the bench Neo4j, child processes with peak RSS, stats, tables."""

from __future__ import annotations

import contextlib
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from papergraph.cli import local_neo4j
from papergraph.settings import Settings, load_settings

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
#: One file per benchmark, overwritten by each run; PAPERGRAPH_BENCH_RESULTS moves them (the
#: Makefile sends a `--quick` run's numbers, which compare with nothing, to an ignored folder).
RESULTS = Path(os.environ.get("PAPERGRAPH_BENCH_RESULTS") or REPO / "bench" / "results")
#: The bench Neo4j's Bolt port; PAPERGRAPH_BENCH_BOLT_PORT moves it (two benchmarks side by side).
BENCH_BOLT_PORT = int(os.environ.get("PAPERGRAPH_BENCH_BOLT_PORT", "47687"))
BENCH_HTTP_PORT = 47474 if BENCH_BOLT_PORT == 47687 else BENCH_BOLT_PORT + 1


def bench_settings(bolt_port: int = BENCH_BOLT_PORT) -> Settings:
    """The bench's own local Neo4j: its own ports and store, never the development graph."""
    http_port = BENCH_HTTP_PORT if bolt_port == BENCH_BOLT_PORT else bolt_port + 1
    return load_settings(
        NEO4J_URI=f"bolt://127.0.0.1:{bolt_port}",
        PAPERGRAPH_NEO4J_HTTP_PORT=http_port,
        PAPERGRAPH_NEO4J_HEAP="1g",
        PAPERGRAPH_NEO4J_PAGECACHE="512m",
    )


@contextmanager
def bench_neo4j(bolt_port: int = BENCH_BOLT_PORT) -> Iterator[Settings]:
    """Start the bench Neo4j for the duration of the block (stop it if this started it)."""
    settings = bench_settings(bolt_port)
    was_running = local_neo4j.status(settings).running
    local_neo4j.start(settings)
    try:
        yield settings
    finally:
        if not was_running:
            local_neo4j.stop(settings)


def child_env(settings: Settings) -> dict[str, str]:
    return {
        **os.environ,
        "NEO4J_URI": settings.neo4j_uri,
        "PAPERGRAPH_HOME": str(settings.home),
        "NEO4J_PASSWORD": settings.neo4j_auth()[1],
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
    }


@dataclass(frozen=True)
class ChildRun:
    """A finished child process: wall seconds, peak RSS, exit code and output."""

    seconds: float
    peak_rss_mb: float
    returncode: int
    stdout: str
    stderr: str


def run_child(args: Sequence[str], *, env: dict[str, str], timeout: float = 3600) -> ChildRun:
    """Run ``python args…``; measure its wall time and the peak RSS of it and its children."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, *args], stdout=out, stderr=err, env=env, cwd=REPO, text=True
        )
        deadline = started + timeout
        tree_peak = own_peak = 0.0
        while True:
            pid, status, _ = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                process.kill()
                raise TimeoutError(f"{' '.join(args)} ran over {timeout} s")
            tree_peak = max(tree_peak, _tree_rss_mb(process.pid))
            own_peak = max(own_peak, _high_water_mb(process.pid))
            time.sleep(0.05)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        # not wait4's ru_maxrss: Linux starts a forked child's mark at its parent's size, so a
        # bench process holding a gigabyte reported every child it ran as a gigabyte
        peak = max(own_peak, tree_peak)
        return ChildRun(seconds, peak, process.returncode, out.read(), err.read())


def _high_water_mb(pid: int) -> float:
    """The process's own peak resident memory since it started its program (``VmHWM``: a mark
    that only rises, so sampling misses at most the last interval before it exits)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.MULTILINE)
    return int(found.group(1)) / 1024 if found else 0.0


def _tree_rss_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants (``papergraph load`` extracts in a
    child process; ``wait4`` alone would report only the largest process, not the sum)."""
    import psutil

    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0
    for process in processes:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += process.memory_info().rss
    return total / 2**20


def summary(values: Sequence[float]) -> dict[str, float]:
    """Median and spread (min, max) of repeated measurements."""
    return {
        "median": round(statistics.median(values), 4),
        "min": round(min(values), 4),
        "max": round(max(values), 4),
        "n": len(values),
    }


def machine_info() -> dict[str, object]:
    import neo4j

    java = subprocess.run(["java", "-version"], capture_output=True, text=True, check=False)
    return {
        "cores": os.cpu_count(),
        "ram_gb": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "neo4j_server": local_neo4j.NEO4J_VERSION,
        "neo4j_driver": neo4j.__version__,
        "java": (java.stderr.splitlines() or ["?"])[0],
    }


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def write_results(name: str, payload: dict[str, object], table: str) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2))
    (RESULTS / f"{name}.md").write_text(table + "\n")
    return path
