"""The CLI imports spaCy and KeyBERT without the deep-learning stacks they would pull in and
papergraph never uses, before it extracts in its own process.

spaCy's ``thinc`` imports torch whenever it is installed (for layers our CNN tagger does not
have), and so does ``lemminflect``, which imports spaCy; KeyBERT imports sentence-transformers
and transformers (for its default backend and its LLM helpers; papergraph hands it its own ONNX
backend). Each library treats those packages as optional and carries on without them, and
importing torch and transformers was most of a one-paper load's start-up
(``bench/results/throughput.json``). While each library is first imported, :func:`without`
has ``import`` find those packages missing, so the library takes its own road for a machine
without them; they are importable again as soon as it is imported.

This changes ``sys.modules``, which the libraries (``graph``, ``loaders``, ``api``) never do:
it is the application's choice for its own process, made here once. A process that imported
the libraries before keeps them whole, and extracts the same
(``tests/unit/test_extraction_imports.py``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["import_extraction_libraries", "without"]

#: Each library, in import order, with what it imports only for features papergraph does not
#: use. scipy (which KeyBERT loads) reads an absent torch as None, so torch is hidden from the
#: spaCy imports alone.
_SKIPS = (
    ("spacy", ("torch",)),
    ("lemminflect", ("torch",)),
    ("keybert", ("sentence_transformers", "transformers")),
    ("keybert.backend", ("sentence_transformers", "transformers")),
)


def import_extraction_libraries() -> None:
    """Import the extraction's libraries without the packages of :data:`_SKIPS` (a library
    that is not installed is left for the extractor to report)."""
    for module, skips in _SKIPS:
        with without(skips):
            try:
                importlib.import_module(module)
            except ImportError:
                return


@contextmanager
def without(names: tuple[str, ...]) -> Iterator[None]:
    """Have ``import`` find the ``names`` not yet imported missing inside the block (a
    ``ModuleNotFoundError``, what an optional import expects), and importable again after."""
    hidden = [name for name in names if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        for name in hidden:
            if sys.modules.get(name, ...) is None:
                del sys.modules[name]
