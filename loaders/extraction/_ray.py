"""The production extractor on a Ray cluster: the model stages as Ray actors, one per worker.

:class:`RayExtractor` splits :class:`KeyBertExtractor` as :class:`ProcessExtractor` does, at its
stages, and puts the two that need models on Ray actors, each of which loads its models once
and keeps them for the whole load:

1. **tag** (an actor: clean, POS-tag, find definitions), batches spread over the actors;
2. **analyse** (here, in the loader, batch after batch in submission order): learn acronyms and
   established phrases, collect candidates and method names. It is model-free and cheap, and it
   is the one step whose result depends on the batches before, so keeping it in one place, in
   order, makes the results exactly those of a local load however many workers there are;
3. **score** (an actor: embed, rank with KeyBERT), with a snapshot of the acronyms known at
   that batch.

Batches finish in submission order (each future completes after the ones before), so the loader
writes them in order through its usual batched write path.
"""

from __future__ import annotations

import contextlib
import itertools
import socket
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, InvalidStateError, ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from papergraph.errors import ExtractionError

from ._analysis import Analysis
from ._keybert import KeyBertExtractor, Tagged, extractor_version
from ._models import MINILM_DIMENSIONS
from ._registry import AcronymRegistry
from ._types import Document, Extraction, StartedOnEnter

__all__ = ["RayExtractor"]

#: A local Ray (no address given) keeps its shared-memory object store small: batches are a
#: few megabytes, and Ray's default reserves a third of the machine's memory.
_LOCAL_OBJECT_STORE_BYTES = 256 * 2**20
_CONNECT_SECONDS = 5.0


class RayExtractor(StartedOnEnter):
    """A :class:`~loaders.extraction.PipelinedExtractor` whose model stages run on Ray.

    ``address`` is a Ray cluster's (``ray://host:10001`` through Ray Client, ``host:6379``
    from a node of the cluster, ``auto`` for the one this machine belongs to); ``None`` starts
    a local Ray on loopback. ``workers`` actors are started (default: one per CPU the cluster
    has). Use it as a context manager (or call :meth:`start` and :meth:`close`).
    """

    dimensions = MINILM_DIMENSIONS

    def __init__(
        self,
        *,
        address: str | None = None,
        workers: int | None = None,
        top_n: int = 10,
        model_dir: Path | None = None,
        acronyms: AcronymRegistry | None = None,
        fast: bool = False,
    ) -> None:
        self.address = address
        self.workers = workers
        self.acronyms = acronyms if acronyms is not None else AcronymRegistry()
        self.version = extractor_version(fast=fast)
        self._options = {"top_n": top_n, "model_dir": model_dir, "fast": fast}
        # the analysis stage: no models are ever loaded into it
        self._analyser = KeyBertExtractor(top_n=top_n, acronyms=self.acronyms, fast=fast)
        self._actors: list[Any] = []
        self._turn: itertools.cycle[Any] | None = None
        self._in_order: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._started_ray = False

    def start(self) -> None:
        """Connect to (or start) Ray and start the actors, which load their models."""
        if self._actors:
            return
        ray = _ray()
        if not ray.is_initialized():
            _init(ray, self.address)
            self._started_ray = True
        count = self.workers or max(int(ray.cluster_resources().get("CPU", 1)), 1)
        worker = ray.remote(num_cpus=1)(_Worker)
        self._actors = [worker.remote(**self._options) for _ in range(count)]
        for actor in self._actors:
            actor.load.remote()  # errors resurface on the first batch
        self._turn = itertools.cycle(self._actors)
        self._in_order = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ray-analyse")

    def close(self) -> None:
        """Stop the actors (and the local Ray, if this started it)."""
        if self._in_order is not None:
            self._in_order.shutdown(wait=True, cancel_futures=True)
        ray = _ray()
        for actor in self._actors:
            with contextlib.suppress(Exception):
                ray.kill(actor)
        self._actors, self._turn, self._in_order = [], None, None
        if self._started_ray:
            ray.shutdown()
            self._started_ray = False

    def submit(self, docs: Sequence[Document]) -> Future[list[Extraction]]:
        """Start extracting ``docs``; batches complete in the order they are submitted."""
        self.start()
        assert self._turn is not None and self._in_order is not None
        batch = list(docs)
        with self._lock:
            actor = next(self._turn)
        tagging = actor.tag.remote(batch)
        result: Future[list[Extraction]] = Future()
        self._in_order.submit(self._analyse, actor, batch, tagging, result)
        return result

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        """Extract and wait; see :meth:`KeyBertExtractor.extract`."""
        return self.submit(docs).result()

    def learn_ahead(
        self, batches: Iterable[Sequence[Document]], *, known: Sequence[tuple[str, str]] = ()
    ) -> None:
        """Learn a whole input before extracting it: batches are tagged on the workers and
        learnt here, in order (see :meth:`KeyBertExtractor.learn_ahead`)."""
        self.start()
        assert self._turn is not None
        self._analyser.forget()
        for docs in batches:
            with self._lock:
                actor = next(self._turn)
            self._analyser.learn(_get(actor.tag.remote(list(docs))))
        for acronym, key in known:
            self.acronyms.learn(acronym, key)

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        """Embed query texts on a worker; see :meth:`KeyBertExtractor.embed`."""
        self.start()
        assert self._turn is not None
        with self._lock:
            actor = next(self._turn)
        vectors: list[tuple[float, ...]] = _get(actor.embed.remote(list(texts)))
        return vectors

    def _analyse(
        self, actor: Any, batch: list[Document], tagging: Any, result: Future[list[Extraction]]
    ) -> None:
        """In submission order: wait for the batch's tags, analyse it, send it to be scored."""
        try:
            tagged: list[Tagged] = _get(tagging)
            analyses = self._analyser.analyse(tagged) if batch else []
            scoring = actor.score.remote(batch, tagged, analyses, self.acronyms.items())
            done = scoring.future()
        except BaseException as e:  # every failure must reach the caller
            _fail(result, e)
            return
        # the loader awaits batches oldest first, so a later batch finishing first waits there
        done.add_done_callback(lambda f: _finish(f, result))


class _Worker:
    """One Ray actor: a :class:`KeyBertExtractor` with its models, for the whole load."""

    def __init__(self, *, top_n: int, model_dir: Path | None, fast: bool) -> None:
        self._extractor = KeyBertExtractor(top_n=top_n, model_dir=model_dir, fast=fast)

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


def _finish(done: Future[list[Extraction]], result: Future[list[Extraction]]) -> None:
    try:
        extractions = done.result()
    except BaseException as e:  # every failure must reach the caller
        _fail(result, e)
        return
    with contextlib.suppress(InvalidStateError):  # the caller cancelled it meanwhile
        result.set_result(extractions)


def _fail(result: Future[Any], error: BaseException) -> None:
    ray = _ray()
    if isinstance(error, ray.exceptions.RayError):
        error = _failed(error)
    with contextlib.suppress(InvalidStateError):
        result.set_exception(error)
