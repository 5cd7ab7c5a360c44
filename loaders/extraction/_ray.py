"""The production extractor on a Ray cluster: the model stages as Ray actors, one per worker.

:class:`RayExtractor` runs the code path of :mod:`._staged`, as :class:`ProcessExtractor`
does, with Ray actors for workers: each loads its models once and keeps them for the whole
load; batches are tagged and scored on the actors in turn and analysed here, in order, so the
results are exactly those of a local load however many workers there are.
"""

from __future__ import annotations

import contextlib
import itertools
import socket
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from papergraph.errors import ExtractionError

from ._analysis import Analysis
from ._keybert import KeyBertExtractor, Tagged
from ._registry import AcronymRegistry
from ._staged import Pairs, StagedExtractor
from ._types import Document, Extraction

__all__ = ["RayExtractor"]

#: A local Ray (no address given) keeps its shared-memory object store small: batches are a
#: few megabytes, and Ray's default reserves a third of the machine's memory.
_LOCAL_OBJECT_STORE_BYTES = 256 * 2**20
_CONNECT_SECONDS = 5.0


class RayExtractor(StagedExtractor):
    """A :class:`~loaders.extraction.PipelinedExtractor` whose model stages run on Ray.

    ``address`` is a Ray cluster's (``ray://host:10001`` through Ray Client, ``host:6379``
    from a node of the cluster, ``auto`` for the one this machine belongs to); ``None`` starts
    a local Ray on loopback. ``workers`` actors are started (default: one per CPU the cluster
    has). Use it as a context manager (or call :meth:`start` and :meth:`close`).
    """

    def __init__(
        self,
        *,
        address: str | None = None,
        workers: int | None = None,
        top_n: int = 10,
        model_dir: Path | None = None,
        acronyms: AcronymRegistry | None = None,
        fast: bool = False,
        device: str = "auto",
    ) -> None:
        super().__init__(
            top_n=top_n, model_dir=model_dir, acronyms=acronyms, fast=fast, device=device
        )
        self.address = address
        self.workers = workers
        self._actors: list[Any] = []
        self._turn: itertools.cycle[Any] | None = None
        self._lock = threading.Lock()
        self._started_ray = False

    @property
    def parallel(self) -> int:
        """The actors (one until started)."""
        return max(len(self._actors), 1)

    def _open(self) -> None:
        """Connect to (or start) Ray and start the actors, which load their models."""
        ray = _ray()
        if not ray.is_initialized():
            _init(ray, self.address)
            self._started_ray = True
        count = self.workers or max(int(ray.cluster_resources().get("CPU", 1)), 1)
        worker = ray.remote(num_cpus=1)(_Worker)
        options = {
            "top_n": self.top_n,
            "model_dir": self.model_dir,
            "fast": self.fast,
            "device": self.device,
        }
        self._actors = [worker.remote(**options) for _ in range(count)]
        for actor in self._actors:
            actor.load.remote()  # errors resurface on the first batch
        self._turn = itertools.cycle(self._actors)

    def _shut(self) -> None:
        """Stop the actors (and the local Ray, if this started it)."""
        ray = _ray()
        for actor in self._actors:
            with contextlib.suppress(Exception):
                ray.kill(actor)
        self._actors, self._turn = [], None
        if self._started_ray:
            ray.shutdown()
            self._started_ray = False

    def _tag(self, docs: list[Document]) -> Future[list[Tagged]]:
        return self._next().tag.remote(docs).future()  # type: ignore[no-any-return]

    def _score(
        self, docs: list[Document], tagged: list[Tagged], analyses: list[Analysis], known: Pairs
    ) -> Future[list[Extraction]]:
        scoring = self._next().score.remote(docs, tagged, analyses, known)
        return scoring.future()  # type: ignore[no-any-return]

    def _embed(self, texts: list[str]) -> list[tuple[float, ...]]:
        vectors: list[tuple[float, ...]] = _get(self._next().embed.remote(texts))
        return vectors

    def _failure(self, error: BaseException) -> BaseException:
        ray = _ray()
        if isinstance(error, ray.exceptions.RayError):
            return _failed(error)
        return error

    def _next(self) -> Any:
        if self._turn is None:
            raise ExtractionError("The Ray extractor is closed; start it again to extract.")
        with self._lock:
            return next(self._turn)


class _Worker:
    """One Ray actor: a :class:`KeyBertExtractor` with its models, for the whole load."""

    def __init__(self, *, top_n: int, model_dir: Path | None, fast: bool, device: str) -> None:
        self._extractor = KeyBertExtractor(
            top_n=top_n, model_dir=model_dir, fast=fast, device=device
        )

    def load(self) -> None:
        self._extractor.load()

    def tag(self, docs: list[Document]) -> list[Tagged]:
        return self._extractor.tag(docs)

    def score(
        self,
        docs: list[Document],
        tagged: list[Tagged],
        analyses: list[Analysis],
        acronyms: list[tuple[str, str]],
    ) -> list[Extraction]:
        self._extractor.acronyms = AcronymRegistry(acronyms)
        return self._extractor.score(docs, tagged, analyses)

    def embed(self, texts: list[str]) -> list[tuple[float, ...]]:
        return self._extractor.embed(texts)


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:
        raise ExtractionError(
            "Ray is not installed; install the extra with: pip install 'papergraph[ray]'"
        ) from e
    return ray


def _init(ray: Any, address: str | None) -> None:
    if address is not None:
        _require_reachable(address)
    try:
        if address is None:
            ray.init(
                include_dashboard=False,
                object_store_memory=_LOCAL_OBJECT_STORE_BYTES,
                log_to_driver=False,
                configure_logging=False,
            )
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except (ConnectionError, RuntimeError, ValueError) as e:
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        raise ExtractionError(
            f"Could not start or reach {where} ({e}). Check --ray-address (ray://HOST:10001 "
            "for Ray Client) and that the cluster runs the same Ray and Python versions."
        ) from e


def _require_reachable(address: str) -> None:
    """Fail at once on a cluster address nothing listens on (Ray itself retries for minutes)."""
    parts = urlsplit(address if "://" in address else f"ray://{address}")
    if parts.hostname is None or parts.port is None:  # "auto", or a bare host: Ray resolves it
        return
    try:
        socket.create_connection((parts.hostname, parts.port), timeout=_CONNECT_SECONDS).close()
    except OSError as e:
        raise ExtractionError(
            f"No Ray cluster answers at {address} ({e.strerror or e}). Check --ray-address "
            "(ray://HOST:10001 for Ray Client, HOST:6379 from a node of the cluster) and that "
            "the cluster is running (`ray status` on its head node)."
        ) from e


def _get(ref: Any) -> Any:
    ray = _ray()
    try:
        return ray.get(ref)
    except ray.exceptions.RayError as e:
        raise _failed(e) from e


def _failed(error: BaseException) -> ExtractionError:
    cause = getattr(error, "cause", None)
    if isinstance(cause, ExtractionError):
        return cause
    return ExtractionError(
        f"A Ray extraction worker failed ({type(error).__name__}: {str(error)[:300]}). "
        "Run the load again; it resumes where it stopped."
    )
