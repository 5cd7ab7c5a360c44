"""Running the one-time model builds of a first run, each in a process of its own, at once.

A build (exporting MiniLM to ONNX; the static model ships ready) is a torch program
that takes tens of seconds. Each runs in its own child process, concurrently if there are
several, with an equal share of the idle cores as torch threads, at least one:
on a two-core machine one thread each. More threads than idle cores are worse than one: an
OpenMP thread that waits at a barrier for a preempted sibling wastes its turn, so two threads
on a busy machine run several times slower than one. The outputs do not depend on the number
of threads. The caller never imports torch or transformers, so an extraction process that
prepared its models does not keep them in memory for its life.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from papergraph.errors import ExtractionError

__all__ = ["build_concurrently"]

Build = Callable[[], None]


def build_concurrently(builds: Mapping[str, Build]) -> None:
    """Run each of ``builds`` (description → picklable function) in its own process, all at
    once, and wait for all of them, so one failing does not stop the others (their models are
    kept). Raises :class:`ExtractionError` naming every build that failed."""
    if not builds:
        return
    threads = _threads_each(len(builds))
    with contextlib.ExitStack() as pools:  # one pool each: a build that dies breaks only its own
        running = {
            what: pools.enter_context(_pool()).submit(_build, build, threads)
            for what, build in builds.items()
        }
    failures = [(what, e) for what, done in running.items() if (e := done.exception()) is not None]
    if failures:
        raise ExtractionError(_failure_message(failures)) from failures[0][1]


def _pool() -> ProcessPoolExecutor:
    # As for the extraction processes: not "fork" (the caller may run an event loop and driver
    # threads), not "spawn" (its children finalise the interpreter on exit, where torch's
    # triton prints bogus "nanobind: leaked ..." lines).
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("forkserver"))


def _threads_each(builds: int) -> int:
    """The cores other programs leave idle (by the last minute's load), shared among ``builds``."""
    idle = (os.cpu_count() or 1) - os.getloadavg()[0]
    return max(1, round(idle) // builds)


def _build(build: Build, threads: int) -> None:
    try:
        import torch
    except ImportError:
        pass  # the build itself says what to install
    else:
        torch.set_num_threads(threads)
    build()


def _failure_message(failures: list[tuple[str, BaseException]]) -> str:
    parts = [_describe(what, error) for what, error in failures]
    return " ".join(parts) + " Run again to retry; what was prepared is kept."


def _describe(what: str, error: BaseException) -> str:
    if isinstance(error, ExtractionError):  # already names the model and the fix
        return str(error)
    if isinstance(error, BrokenProcessPool):
        return f"Preparing {what} stopped unexpectedly (out of memory, or killed)."
    return f"Preparing {what} failed ({type(error).__name__}: {error})."
